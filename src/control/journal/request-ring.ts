import type { RequestRecord } from '../../execution/execute-operation.js'
import { connectionEntry, type KeptConnection } from './connection-entry.js'
import { createFoldedMarks } from './folded-marks.js'
import { entryOf, type JournalEntry, type KeptRecord, type KeptRequest } from './journal-entry.js'
import { headersOf, type HeaderPair, type KeptHeaders } from './journal-headers.js'

/**
 * The journal's storage: a ring of the newest requests and WebSockets, at
 * most `limit` of them within `byteLimit` bytes. A request is kept as its
 * record's fields and made an entry when it is first read; a WebSocket as
 * its live connection, read afresh each time.
 */
export interface RequestRing {
  /**
   * Keeps a request of about `size` bytes, with the headers the journal keeps of it (in place of its record's own),
   * dropping the oldest to make room; its slot, or -1 when none is kept. `whole` when its answer is written at
   * once (not in pieces, not live): its marks are final once it is written.
   */
  push(kept: KeptRequest | KeptConnection, size: number, headers?: KeptHeaders, whole?: boolean): number
  /** The entry in a slot. */
  entryAt(slot: number): JournalEntry
  /** Every kept entry, oldest first. */
  entries(): JournalEntry[]
  /** The slot of the entry with id `id` when `lastId` is the newest id, or -1 for one no longer (or never) kept. */
  slotOf(id: number, lastId: number): number
  /** Lets go of the oldest entry, if any. */
  shed(): void
  clear(): void
  readonly count: number
  readonly bytes: number
  readonly dropped: number
}

/**
 * Creates an empty ring of requests. A request's record is copied into
 * columns, one per field, and its path is kept as the one text of that path
 * kept before: a request leaves no object of its own in the ring until its
 * entry is read. Every request would otherwise leave three (its record, its
 * path, its duration), each surviving the young generation and copied twice
 * by the collector before it dies in the old one.
 *
 * @example
 * const ring = createRequestRing(10_000, 16 * 1024 * 1024)
 * ring.push(kept, size, headers)
 */
export function createRequestRing(limit: number, byteLimit: number): RequestRing {
  let columns = createColumns()
  let sizes: number[] = []
  let start = 0
  let count = 0
  let bytes = 0
  let dropped = 0
  function dropOldest(): void {
    bytes -= sizes[start] ?? 0
    columns.release(start)
    start = (start + 1) % limit
    count--
    dropped++
  }
  const ring: RequestRing = {
    push(kept, size, headers, whole = false) {
      if (limit === 0) {
        dropped++
        return -1
      }
      if (count === limit) dropOldest()
      // The newest entry is kept whatever its size (at most 64 KiB of body), so ids stay consecutive.
      while (count > 0 && bytes + size > byteLimit) dropOldest()
      const slot = (start + count) % limit
      columns.keep(slot, kept, headers, whole)
      sizes[slot] = size
      count++
      bytes += size
      return slot
    },
    entryAt(slot) {
      const made = columns.made[slot]
      if (made && 'connection' in made) return connectionEntry(made)
      if (made) return made
      const entry = entryOf(columns.record(slot))
      columns.made[slot] = entry
      return entry
    },
    entries() {
      const list = new Array<JournalEntry>(count)
      for (let at = 0; at < count; at++) list[at] = ring.entryAt((start + at) % limit)
      return list
    },
    slotOf(id, lastId) {
      const at = id - (lastId - count + 1)
      return Number.isInteger(at) && at >= 0 && at < count ? (start + at) % limit : -1
    },
    shed() {
      if (count > 0) dropOldest()
    },
    clear() {
      columns = createColumns()
      sizes = []
      start = 0
      count = 0
      bytes = 0
      dropped = 0
    },
    get count() {
      return count
    },
    get bytes() {
      return bytes
    },
    get dropped() {
      return dropped
    },
  }
  return ring
}

/** How many distinct paths the ring keeps one text of before it starts afresh (as the route memo does). */
const KNOWN_PATHS = 1024

/** The kept requests' fields by slot, and what is kept whole: a WebSocket, or an entry already made. */
interface Columns {
  /** A WebSocket, an entry made for a cut body, or the entry made when the request was first read. */
  readonly made: (JournalEntry | KeptConnection | undefined)[]
  keep(slot: number, kept: KeptRequest | KeptConnection, headers: KeptHeaders | undefined, whole: boolean): void
  /** The record kept in a slot that holds one (nothing made there). */
  record(slot: number): KeptRecord
  /** Lets go of what a dropped slot holds that a later request does not share (a body, a query). */
  release(slot: number): void
}

function createColumns(): Columns {
  const made: (JournalEntry | KeptConnection | undefined)[] = []
  const operations: string[] = []
  const methods: string[] = []
  const paths: string[] = []
  const queries: RequestRecord['query'][] = []
  // Sparse: only a request whose query repeats a name holds its pairs.
  const queryLists: RequestRecord['queryPairs'][] = []
  // Sparse too: the headers of a request whose transport handed them on (flat), and those its answer set.
  const requestHeaders: (readonly string[] | undefined)[] = []
  const responseHeaders: (readonly HeaderPair[] | undefined)[] = []
  // Sparse: only an entry whose headers passed the bounds.
  const headersCut: (true | undefined)[] = []
  const params: RequestRecord['params'][] = []
  const bodies: string[] = []
  const statuses: number[] = []
  // Numbers only, so the durations are held unboxed.
  const durations: number[] = []
  const ats: string[] = []
  const faultIds: (string | undefined)[] = []
  const stubIds: (string | undefined)[] = []
  // The moments of a request whose transport marked them (the transport marks the answer written later).
  const marksOf = createFoldedMarks()
  const knownPaths = new Map<string, string>()
  /** The text of `path` kept already, or `path` itself from now on. */
  function known(path: string): string {
    const found = knownPaths.get(path)
    if (found !== undefined) return found
    if (knownPaths.size >= KNOWN_PATHS) knownPaths.clear()
    knownPaths.set(path, path)
    return path
  }
  return {
    made,
    keep(slot, kept, headers, whole) {
      if (!('bodyText' in kept)) {
        made[slot] = kept
        marksOf.release(slot)
        return
      }
      made[slot] = undefined
      operations[slot] = kept.operation
      methods[slot] = kept.method
      paths[slot] = known(kept.path)
      queries[slot] = kept.query
      queryLists[slot] = kept.queryPairs
      // The headers as the journal keeps them, made once: the record's own are the transport's.
      const listed = headers && (headers.request ?? headers.response) ? headers : undefined
      requestHeaders[slot] = listed?.request
      responseHeaders[slot] = listed?.response
      headersCut[slot] = listed?.cut || undefined
      params[slot] = kept.params
      bodies[slot] = kept.bodyText
      statuses[slot] = kept.status
      durations[slot] = kept.durationMs
      ats[slot] = kept.at
      faultIds[slot] = kept.faultId
      stubIds[slot] = kept.stubId
      marksOf.keep(slot, kept.marks, whole)
    },
    record(slot) {
      const faultId = faultIds[slot]
      const stubId = stubIds[slot]
      const queryPairs = queryLists[slot]
      const request = requestHeaders[slot]
      const response = responseHeaders[slot]
      const headers = request || response ? headersOf({ request, response, cut: headersCut[slot] === true }) : undefined
      const marks = marksOf.at(slot)
      // The executor's record, field for field and in its order.
      return {
        operation: operations[slot]!,
        method: methods[slot]!,
        path: paths[slot]!,
        query: queries[slot]!,
        ...(queryPairs !== undefined && { queryPairs }),
        params: params[slot]!,
        bodyText: bodies[slot]!,
        status: statuses[slot]!,
        durationMs: durations[slot]!,
        at: ats[slot]!,
        ...(faultId !== undefined && { faultId }),
        ...(stubId !== undefined && { stubId }),
        ...(marks !== undefined && { marks }),
        ...headers,
      }
    },
    release(slot) {
      made[slot] = undefined
      bodies[slot] = ''
      queries[slot] = NO_FIELDS
      queryLists[slot] = undefined
      requestHeaders[slot] = undefined
      responseHeaders[slot] = undefined
      headersCut[slot] = undefined
      marksOf.release(slot)
      params[slot] = NO_FIELDS
    },
  }
}

/** What a released slot holds in place of its query and parameters. */
const NO_FIELDS: Readonly<Record<string, string>> = Object.freeze({})

import { invariant } from 'outvariant'
import type { Answer } from '../../execution/answer.js'
import type { RequestRecord } from '../../execution/execute-operation.js'
import { JsonPieces } from '../../execution/json-pieces.js'
import type { StreamConnection } from '../../events/stream-connection.js'
import type { OperationName } from '../../routes/operation-names.js'
import { connectionEntry, keptConnection } from './connection-entry.js'
import { entryOf, keptRequest, withHeaders, type JournalEntry } from './journal-entry.js'
import { createHeaderTexts } from './journal-headers.js'
import type { JournalPool } from './journal-pool.js'
import { createRequestRing } from './request-ring.js'
import { createResponseCopies, RESPONSE_COPIES_BYTES, type ResponseCopy } from './response-copies.js'
import { createSessionFrameLog, type SessionFrameLog } from './session-frames.js'

export type { JournalEntry, WebSocketActivity } from './journal-entry.js'

/**
 * The requests the mock answered and the WebSocket upgrades it took or
 * refused since the last reset or clear: the newest `limit` of them, within
 * `bytes` in all.
 */
export interface Journal {
  /** The entries kept, oldest first (a copy: later requests do not change it). */
  readonly entries: readonly JournalEntry[]
  /** The entries of one operation, by the spec's id or the official client's method name; throws for a name that is neither. */
  byOperation(operation: OperationName): JournalEntry[]
  /** Keeps a request, and a bounded copy of its answer's body (see `response`). */
  record(request: RequestRecord, answer?: Answer): void
  /**
   * Keeps a WebSocket upgrade, accepted or refused, under the next id, and
   * returns the function its session calls when it changes (closed, or its
   * close code arrived). An open WebSocket's entry is read afresh each time
   * (its frame counts move; listeners are not told of each frame), and
   * listeners hear its entry again, under the same id, each time that
   * function is called while it is still kept; a connection dropped from
   * the journal by its bounds is not kept again.
   */
  recordConnection(connection: StreamConnection): () => void
  clear(): void
  /**
   * Whether a reset of the mock keeps the journal (the browser Network
   * panel's "Preserve log"): false by default, so a reset empties it; `clear()`
   * empties it either way.
   */
  preserved: boolean
  /** Lets go of every entry and leaves the pool it shares, if any (its mock is closed). */
  close(): void
  /**
   * The id of the newest entry: entries are numbered from 1 in the order they
   * arrive, and numbers are never given twice (not even after a clear). The
   * kept entries are `lastId - entries.length + 1` to `lastId`.
   */
  readonly lastId: number
  /** The kept entry of an id, if it is still kept. */
  entry(id: number): JournalEntry | undefined
  /**
   * The answer of a kept entry: status, content type and the first 64 KiB of
   * its body; the newest entries' bodies are kept up to 8 MiB in all.
   */
  response(id: number): ResponseCopy | undefined
  /** Hears of each entry as it is kept, and of clears; returns the function that stops listening. */
  subscribe(listener: JournalListener): () => void
  /**
   * The frames of its WebSocket entries, both ways (2,000 within 1 MiB):
   * counted in `bytes` and in the pool it shares, let go with the entries
   * they belong to and by `clear()`.
   */
  readonly frames: SessionFrameLog
  /** How many entries are kept; older ones are dropped as new ones arrive. */
  readonly limit: number
  /** How many bytes the kept entries may hold in all (request bodies, paths, queries, headers); older ones are dropped past it. */
  readonly byteLimit: number
  /** About how many bytes the kept entries and WebSocket frames hold now. */
  readonly bytes: number
  /** How many entries were dropped since the last clear, to stay within the limits. */
  readonly dropped: number
}

/** What journal listeners hear: an entry and its id, or `undefined` when the journal was cleared. */
type JournalListener = (entry: JournalEntry | undefined, id: number) => void

/** How a journal is bounded. */
export interface JournalOptions {
  /** How many entries it keeps (default 10,000). */
  limit?: number
  /** How many bytes of entries it keeps (default 16 MiB; the newest is kept whatever its size): each body counts its first 64 KiB. */
  bytes?: number
  /** Turns an operation name (an alias, say) into the one entries carry, or throws for one that is not. */
  resolveOperation?: (operation: string) => string
  /**
   * The bytes it shares with other journals (the standalone server's
   * sessions'): it keeps at most half of them in entries and a quarter in
   * response copies, and the journals used least recently let go of their
   * oldest entries to keep all of them within it.
   */
  pool?: JournalPool
}

/** The default number of entries a journal keeps (a long demo session must not grow without bound). */
const DEFAULT_JOURNAL_LIMIT = 10_000
/** The default bytes of entries a journal keeps. */
const DEFAULT_JOURNAL_BYTES = 16 * 1024 * 1024

/**
 * Creates an empty request journal that keeps the newest `limit` entries
 * within `bytes`: a request body is kept as text (the first 64 KiB of a
 * longer one) and parsed when read, so what the journal holds does not
 * depend on what the bodies parse to.
 *
 * @example
 * const journal = createJournal({ limit: 1_000, bytes: 4 * 1024 * 1024 })
 * journal.byOperation('conversationsSnapshot').length
 */
export function createJournal({
  limit = DEFAULT_JOURNAL_LIMIT,
  bytes: byteLimit = DEFAULT_JOURNAL_BYTES,
  resolveOperation = (operation) => operation,
  pool,
}: JournalOptions = {}): Journal {
  checkBounds(limit, byteLimit)
  const requestBytes = pool ? Math.min(byteLimit, Math.floor(pool.max / 2)) : byteLimit
  const ring = createRequestRing(limit, requestBytes)
  // The header texts its entries share: this journal's own, let go with it.
  const texts = createHeaderTexts()
  let lastId = 0
  const responses = createResponseCopies(
    limit,
    pool ? Math.min(RESPONSE_COPIES_BYTES, Math.floor(pool.max / 4)) : undefined,
  )
  // Frames kept are counted in the pool as entries are, so the pool sheds past its total for them too.
  const frames = createSessionFrameLog(() => member?.recorded())
  const member = pool?.join({
    footprint: () => ring.bytes + responses.bytes + frames.bytes,
    shed() {
      // Frames of sessions whose entry is let go are read by no one: they go first, then the oldest entry.
      if (frames.shedBefore(lastId - ring.count + 1)) return
      ring.shed()
      if (ring.count > 0) return
      responses.clear()
      frames.clear()
    },
  })
  const listeners = new Set<JournalListener>()
  const tell = (entry: JournalEntry | undefined, id: number) => tellAll(listeners, entry, id)
  return {
    preserved: false,
    get entries() {
      return ring.entries()
    },
    byOperation(operation) {
      const id = resolveOperation(operation)
      return ring.entries().filter((entry) => entry.operation === id)
    },
    record(request, answer) {
      const id = ++lastId
      const { kept, headers, size } = keptRequest(request, answer, texts)
      const slot = ring.push(kept, size, headers, answer !== undefined && writtenWhole(answer))
      if (slot === -1) {
        if (listeners.size > 0) tell(entryOf('bodyText' in kept ? withHeaders(kept, headers) : kept), id)
        return
      }
      if (answer) responses.keep(id, answer)
      member?.recorded()
      if (listeners.size > 0 && ring.slotOf(id, lastId) !== -1) tell(ring.entryAt(slot), id)
    },
    recordConnection(connection) {
      const id = ++lastId
      const { kept, size } = keptConnection(connection)
      ring.push(kept, size)
      member?.recorded()
      if (listeners.size > 0) tell(connectionEntry(kept), id)
      return () => {
        if (ring.slotOf(id, lastId) === -1) return
        kept.entry = undefined
        if (listeners.size > 0) tell(connectionEntry(kept), id)
      }
    },
    clear() {
      ring.clear()
      responses.clear()
      frames.clear()
      member?.measured()
      if (listeners.size > 0) tell(undefined, lastId)
    },
    close() {
      ring.clear()
      responses.clear()
      frames.clear()
      member?.leave()
    },
    get lastId() {
      return lastId
    },
    entry(id) {
      const slot = ring.slotOf(id, lastId)
      return slot === -1 ? undefined : ring.entryAt(slot)
    },
    response: (id) => (ring.slotOf(id, lastId) === -1 ? undefined : responses.get(id)),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    frames,
    limit,
    byteLimit: requestBytes,
    get bytes() {
      return ring.bytes + frames.bytes
    },
    get dropped() {
      return ring.dropped
    },
  }
}

function checkBounds(limit: number, byteLimit: number): void {
  invariant(
    Number.isSafeInteger(limit) && limit >= 0,
    'Failed to create the request journal: the limit %s is not a whole number of 0 or more. Pass one such as 10000 (0 keeps no entries).',
    limit,
  )
  invariant(
    Number.isSafeInteger(byteLimit) && byteLimit >= 0,
    'Failed to create the request journal: the byte limit %s is not a whole number of 0 or more. Pass one such as 16777216 (16 MiB).',
    byteLimit,
  )
}

/** Tells every listener of an entry; a listener's failure never reaches the request being answered. */
function tellAll(listeners: ReadonlySet<JournalListener>, entry: JournalEntry | undefined, id: number): void {
  for (const listener of listeners) {
    try {
      listener(entry, id)
    } catch (error) {
      console.error(error)
    }
  }
}

/** Whether an answer is written at once: not in pieces (a large list) and not live (Server-Sent Events). */
function writtenWhole(answer: Answer): boolean {
  if ('networkError' in answer) return true
  return (
    answer.live === undefined &&
    // Bytes may be another realm's Uint8Array (a jsdom test environment's TextEncoder): pieces are told apart instead.
    !(answer.body instanceof JsonPieces)
  )
}

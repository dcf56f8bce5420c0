import type { FixtureSet } from '../../seeding/fixture-files.js'
import type { RecordKind } from '../../store/schemas/schemas.js'
import { dropDanglingLinks, type DroppedLink } from './drop-dangling-links.js'
import type { HttpExchange } from './har-exchanges.js'
import type { HarIndex } from './har-index.js'
import { recordsOfAnswer, type RecordVersion, type UnreadRecord } from './recorded-records.js'
import { namedIds } from './named-ids.js'
import { streamIds } from './stream-writes.js'

type Json = Record<string, unknown> & { id: string }

/** A state of the service a recording shows, as fixtures, with the links it had to drop. */
interface RecordedState {
  readonly fixtures: FixtureSet
  readonly dropped: readonly DroppedLink[]
}

/** What a recording shows of the service's records. */
export interface RecordedStates {
  /** The records as they were before the recording: the first version of each, without those its writes created. */
  readonly start: RecordedState
  /** The records as they were at its end: the latest version of each, without those it deleted. */
  readonly end: RecordedState
  /** Ids of the records its writes created, by a request or a stream (and the ids of the requests a stream answered). */
  readonly created: ReadonlySet<string>
  /** Ids of the messages a copilot wrote: their text is its model's own. */
  readonly generated: ReadonlySet<string>
  /** Ids its lists (`GET /assets/identifiers`) and listened streams named of records no answer carried whole: what they hold is unknown. */
  readonly onlyListed: ReadonlySet<string>
  /** Ids of the formats (and their assets) the recording never saw the content of (read without transferables). */
  readonly contentUnseen: ReadonlySet<string>
  /** Records its answers carried that did not read back as their kind. */
  readonly unread: readonly UnreadRecord[]
}

/**
 * The states of the service a recording shows: every record its answers
 * carry, read back into stored form, at the start (the first version of each
 * record no recorded write created, fields it left out read from later ones) and at the end (the latest version of
 * each record, merged field by field, without the deleted ones). A link to a
 * record the recording never fetched is dropped from both and reported.
 *
 * The answers are read again from the HAR one at a time, in start order, so
 * what this holds is the records, not the answers.
 *
 * @example
 * const { end } = await recordedStates(await indexHar(await openHarFile('session.har')))
 * await writeFixtureDirectory('fixtures/session', end.fixtures)
 */
export async function recordedStates(index: HarIndex): Promise<RecordedStates> {
  const state: Reading = {
    first: new Map(),
    latest: new Map(),
    seen: new Set(),
    created: new Set(),
    generated: new Set(),
    touched: new Map(),
    mentioned: new Map(),
  }
  const deleted = new Set<string>()
  const unread: UnreadRecord[] = []
  const firstListed = new Map<RecordKind, readonly string[]>()
  const lastListed = new Map<RecordKind, readonly string[]>()
  const listedIds = new Set<string>()
  const { writes, listened } = await streamIds(index)
  let write = 0
  // A frame of a stream the client wrote to that names a record no answer showed yet: the stream made it.
  const framesUntil = (at: number) => {
    for (; write < writes.length && writes[write]!.at <= at; write++) {
      for (const id of writes[write]!.ids) {
        if (!state.touched.has(id)) state.touched.set(id, writes[write]!.at)
        if (state.seen.has(id)) continue
        state.seen.add(id)
        state.created.add(id)
      }
    }
  }
  for (const summary of index.exchanges) {
    if (summary.type !== 'http') continue
    framesUntil(summary.at)
    const exchange = await index.http(summary)
    const answer = recordsOfAnswer(exchange)
    for (const id of namedIds(exchange.responseText)) if (!state.mentioned.has(id)) state.mentioned.set(id, exchange.at)
    unread.push(...answer.unread)
    for (const id of answer.listed?.ids ?? []) listedIds.add(id)
    if (answer.listed && exchange.method === 'GET' && exchange.operation.id.endsWith('Snapshot')) {
      if (!firstListed.has(answer.listed.kind)) firstListed.set(answer.listed.kind, answer.listed.ids)
      lastListed.set(answer.listed.kind, answer.listed.ids)
    }
    readVersions(answer.versions, createdKinds(exchange), state)
    for (const id of answer.versions.map((version) => version.id)) deleted.delete(id)
    for (const id of deletedBy(exchange)) {
      deleted.add(id)
      for (const records of state.latest.values()) records.delete(id)
    }
  }
  framesUntil(Infinity)
  return {
    start: dropDanglingLinks(inListedOrder(state.first, firstListed), state.created),
    end: dropDanglingLinks(inListedOrder(state.latest, lastListed), deleted),
    created: state.created,
    generated: state.generated,
    onlyListed: new Set([...listedIds, ...listened].filter((id) => !state.seen.has(id))),
    contentUnseen: contentUnseen(state.first),
    unread,
  }
}

/** What reading a recording's answers in order has found so far. */
interface Reading {
  /** The first version of each record of the start. */
  readonly first: Map<RecordKind, Map<string, Json>>
  /** The latest version of each record, merged field by field. */
  readonly latest: Map<RecordKind, Map<string, Json>>
  /** Ids met so far, in an answer or a frame. */
  readonly seen: Set<string>
  readonly created: Set<string>
  readonly generated: Set<string>
  /** Ids a frame of a stream the client wrote to named so far (a conversation a question went to), and when first. */
  readonly touched: Map<string, number>
  /** Ids an answer named so far, whole or as a link, and when first. */
  readonly mentioned: Map<string, number>
}

/**
 * Reads one answer's records: one met for the first time is the start's,
 * unless a write may have made it (`creates` its kind), or its owner is the
 * session's own or was written to by a copilot stream (the messages of a
 * question asked in an existing chat); one met again adds the fields it
 * carries to its latest version (and to its first, for a record of the start).
 */
function readVersions(versions: readonly RecordVersion[], creates: (kind: RecordKind) => boolean, state: Reading) {
  for (const { kind, id, record } of versions) {
    if (!state.seen.has(id)) {
      state.seen.add(id)
      if (creates(kind) || madeWithItsOwner(kind, record, state)) state.created.add(id)
      else byKind(state.first, kind).set(id, record as Json)
    } else if (!state.created.has(id)) {
      // A field the first answer left out (a message's fragment without transferables) is read from a later one.
      const earlier = byKind(state.first, kind)
      earlier.set(id, { ...record, ...earlier.get(id) } as Json)
    }
    if (kind === 'message' && record.role === 'ASSISTANT' && state.created.has(id)) state.generated.add(id)
    const known = byKind(state.latest, kind)
    known.set(id, { ...known.get(id), ...record } as Json)
  }
}

/** The formats of the start whose content no answer carried, and their assets: their sizes and matches are unknown. */
function contentUnseen(first: ReadonlyMap<RecordKind, ReadonlyMap<string, Json>>): Set<string> {
  const ids = new Set<string>()
  for (const [id, format] of first.get('format') ?? []) {
    if (format.fragment !== undefined || format.file !== undefined) continue
    ids.add(id)
    if (typeof format.asset === 'string') ids.add(format.asset)
  }
  return ids
}

/** Records that come into being with their owner: the messages of a conversation, the formats of an asset. */
const OWNERS: Partial<Record<RecordKind, string>> = { message: 'conversation', format: 'asset' }

/**
 * Whether a record met for the first time came with its owner: the owner is
 * one the recording created, or one a copilot stream wrote to before any
 * answer named the record (a message of a question asked in an existing
 * chat; the chat's older messages were named by the chat before).
 */
function madeWithItsOwner(kind: RecordKind, record: Record<string, unknown>, state: Reading): boolean {
  const field = OWNERS[kind]
  const owner = field === undefined ? undefined : record[field]
  if (typeof owner !== 'string') return false
  if (state.created.has(owner)) return true
  const written = state.touched.get(owner)
  const named = state.mentioned.get(record.id as string)
  return written !== undefined && (named === undefined || named > written)
}

/** Each kind's records in the order its snapshot listed them (the service's own order), the others after them. */
function inListedOrder(
  records: Map<RecordKind, Map<string, Json>>,
  listed: ReadonlyMap<RecordKind, readonly string[]>,
): Map<RecordKind, Map<string, Json>> {
  const ordered = new Map<RecordKind, Map<string, Json>>()
  for (const [kind, byId] of records) {
    const order = listed.get(kind) ?? []
    const sorted = new Map<string, Json>()
    for (const id of order) {
      const record = byId.get(id)
      if (record) sorted.set(id, record)
    }
    for (const [id, record] of byId) if (!sorted.has(id)) sorted.set(id, record)
    ordered.set(kind, sorted)
  }
  return ordered
}

function byKind(map: Map<RecordKind, Map<string, Json>>, kind: RecordKind): Map<string, Json> {
  let records = map.get(kind)
  if (!records) map.set(kind, (records = new Map()))
  return records
}

/**
 * The kinds of record a write may have created: what a create's answer
 * carries for the first time is new, and so is the application `POST
 * /connect` answers when the recording showed it nowhere before (connect
 * registers a new one or answers an existing one); its user is not.
 */
function createdKinds(exchange: HttpExchange): (kind: RecordKind) => boolean {
  if (exchange.method !== 'POST' || exchange.status >= 300) return () => false
  if (exchange.operation.id === 'connect') return (kind) => kind === 'application'
  return /create/i.test(exchange.operation.id) ? () => true : () => false
}

/** The ids a delete that succeeded names in its path. */
function deletedBy(exchange: HttpExchange): string[] {
  if (exchange.status >= 300 || !/delete/i.test(exchange.operation.id)) return []
  if (Object.keys(exchange.params).length > 0) return Object.values(exchange.params)
  // A delete of several names them in its body: a list of ids.
  try {
    const body: unknown = JSON.parse(exchange.requestBody)
    return Array.isArray(body) ? body.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

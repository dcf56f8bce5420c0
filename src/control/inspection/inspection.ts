import { invariant } from 'outvariant'
import type { StreamName } from '../../events/stream-paths.js'
import type { StreamHub } from '../../events/stream-hub.js'
import { parseState, serializeState } from '../../persistence/persisted-state.js'
import { PERSISTED_FORMAT, PERSISTED_VERSION } from '../../persistence/persisted-format.js'
import type { Store, StoreSnapshot } from '../../store/create-store.js'
import type { ControllableClock } from '../../store/clock-and-ids/controllable-clock.js'
import { RECORD_KINDS, type RecordKind, type RecordOf } from '../../store/schemas/schemas.js'
import type { OperationName } from '../../routes/operation-names.js'
import { copilotAnswers, sentTexts, type SessionFrameLog } from '../journal/session-frames.js'
import { createDeletionLog, type DeletionLog } from './deletion-log.js'
import type { Faults } from '../faults/faults.js'
import { createInspectionFeed, type InspectionEvent, type InspectionFeed } from './inspection-feed.js'
import { journalRow, type FrameRow, type JournalRow, type StreamCounts } from './inspection-rows.js'
import type { Journal } from '../journal/journal.js'
import type { NamedSnapshots } from './named-snapshots.js'
import { diffSnapshots, type StoreDiff } from './snapshot-diff.js'
import { recordLabel } from './record-label.js'
import { recordLinks, rowOf, type RecordRow } from './record-views.js'
import { SCENARIOS, type ScenarioName } from '../../seeding/scenarios.js'

export type { InspectionEvent } from './inspection-feed.js'
export type { FaultRow, FrameRow, JournalRow, StreamCounts } from './inspection-rows.js'
export type { InspectorOverview, JournalDetail, RecordDetail, RecordList, VerifyOutcome } from './inspection-views.js'
import type { InspectorOverview, JournalDetail, RecordDetail, RecordList, VerifyOutcome } from './inspection-views.js'
import { journalHar, passes, type HarDocument, type JournalHarFilter } from './journal-har.js'
import { VerificationError, verifyCalls, type CallExpectation } from '../verify/verify-calls.js'
import { verifyStreams, type StreamExpectation } from '../verify/verify-streams.js'

/** Who wrote a journal's HAR export. */
const HAR_CREATOR = { name: 'conversation-asset-mock', version: 'journal' }

/** The parts of the service the inspection reads. */
export interface InspectionTarget {
  readonly store: Store
  readonly journal: Journal
  readonly faults: Faults
  readonly hub: StreamHub
  readonly clock: ControllableClock
  readonly scenario: ScenarioName
  readonly snapshots: NamedSnapshots
  readonly operations: readonly { readonly id: string }[]
  /** The operation id of a name (the spec's id or a client method name); throws for an unknown one. */
  resolveOperation?(name: string, doing: string): OperationName
  /** A record's wire form at the mock's time, through the service's renderer. */
  render(kind: RecordKind, record: RecordOf<RecordKind>): unknown
  /** Replaces every record and tombstone with a state's (as restoring a snapshot does). */
  replaceState(snapshot: StoreSnapshot): Promise<void>
  /** The frames WebSocket sessions were sent, by journal id. */
  readonly sessionFrames?: SessionFrameLog
  /** The stubs and latency the steering shows, when the service has them: their changes go out on the feed. */
  readonly stubs?: { subscribe(listener: () => void): () => void }
  readonly latency?: { subscribe(listener: () => void): () => void }
}

/** What the inspector reads of a service, as plain data, and the live feed of what changes. */
export interface Inspection {
  overview(): InspectorOverview
  /** Records of a kind whose id or label holds `query` (any case), newest first: at most `limit` (default 200). */
  records(kind: RecordKind, options?: { query?: string; limit?: number }): RecordList
  /** One record or tombstone; undefined for an id the store does not know. */
  record(kind: RecordKind, id: string): RecordDetail | undefined
  /** The newest `limit` (default 1,000) journal entries, oldest first. */
  journalRows(limit?: number): { rows: JournalRow[]; dropped: number }
  journalEntry(id: number): JournalDetail | undefined
  /**
   * The kept journal entries that pass `filter` as a HAR 1.2 log, oldest
   * first, their URLs under `base` (what `fixtures import` and `drift` read).
   */
  journalHar(filter: JournalHarFilter, base: string): HarDocument
  /**
   * The ids of the kept journal entries whose operation, method, path,
   * status, fault or kept request or response body holds `text` (any case), oldest first.
   */
  journalSearch(text: string): number[]
  /** Checks the journal as `verify()` does, answering the near-miss table instead of throwing it. */
  verify(expectation: CallExpectation | StreamExpectation): VerifyOutcome
  /** Stream clients and counts of frames sent, and the newest frames both ways (up to 100), oldest first. */
  streams(): { streams: Readonly<Record<StreamName, StreamCounts>>; frames: FrameRow[] }
  /** Tells listeners the scenario changed (the service calls it once a switch is done). */
  scenarioChanged(): void
  /**
   * What differs, kind by kind, from a kept snapshot to the store now, or to
   * the kept snapshot `against`; undefined when either id is not kept.
   */
  diff(snapshot: string, against?: string): StoreDiff | undefined
  /** Snapshots taken by id, shared with `POST /__mock/snapshots` (and deleted by `DELETE /__mock/snapshots/{id}`). */
  readonly snapshots: NamedSnapshots
  /** The whole state (records and tombstones) as the text `persist` keeps: what `importState` takes back. */
  exportState(): string
  /**
   * The value whose JSON is {@link Inspection.exportState}'s text, its records
   * referenced rather than copied, for an answer written out a piece at a time.
   */
  exportStateValue(): unknown
  /**
   * Replaces the whole state with an exported one, every record and link
   * checked as fixtures are; a {@link PersistedStateError} (nothing changed)
   * for text that is not such a state.
   */
  importState(text: string): Promise<void>
  /** Hears every change the inspector shows; returns the function that stops listening. */
  subscribe(listener: (event: InspectionEvent) => void): () => void
}

/**
 * What the inspector reads of a service — records with their links and wire
 * forms, journal rows and entries with their answers, stream counts and
 * frames — and one feed of every change, for the inspector page and panel.
 * It listens to the hub, store, faults and clock from the start (a frame
 * count and the newest 100 frames are kept), and to the journal while it has
 * listeners of its own; its listeners' failures reach none of them.
 *
 * @example
 * const inspection = createInspection(target)
 * inspection.subscribe((event) => event.type === 'request' && console.log(event.row.status))
 */
export function createInspection(target: InspectionTarget): Inspection {
  const feed = createInspectionFeed(target)
  const instance = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
  return {
    overview: () => overviewOf(target, feed, instance),
    ...recordReaders(
      target,
      createDeletionLog(target.store, () => target.clock.now()),
    ),
    ...journalReaders(target.journal, target.sessionFrames),
    verify: (expectation) => verifyOutcome(target, expectation),
    streams: () => ({ streams: feed.streamCounts(), frames: feed.frames() }),
    scenarioChanged: () => feed.emit(() => ({ type: 'scenario', scenario: target.scenario })),
    snapshots: announcedSnapshots(target.snapshots, feed),
    diff(snapshot, against) {
      const kept = target.snapshots.get(snapshot)
      const after = against === undefined ? target.store.snapshot() : target.snapshots.get(against)
      return kept && after && diffSnapshots(kept, after)
    },
    exportState: () => serializeState(target.store.snapshot()),
    exportStateValue() {
      const { records, gone } = target.store.snapshot()
      return { format: PERSISTED_FORMAT, version: PERSISTED_VERSION, seq: 0, records, gone }
    },
    importState: (text) => target.replaceState(parseState(text, 'the imported state')),
    subscribe: feed.subscribe,
  }
}

/** The header's and the steering's figures. */
function overviewOf(target: InspectionTarget, feed: InspectionFeed, instance: string): InspectorOverview {
  const { store, journal } = target
  const tombstones = store.snapshot().gone
  const byKind = (count: (kind: RecordKind) => number) =>
    Object.fromEntries(RECORD_KINDS.map((kind) => [kind, count(kind)])) as Record<RecordKind, number>
  return {
    instance,
    scenario: target.scenario,
    scenarios: SCENARIOS,
    operations: [...new Set(target.operations.map((operation) => operation.id))].sort(),
    counts: byKind((kind) => store.count(kind)),
    gone: byKind((kind) => tombstones[kind]?.length ?? 0),
    clock: target.clock.state(),
    ...feed.faultRows(),
    streams: feed.streamCounts(),
    snapshots: target.snapshots.list(),
    journal: { kept: journal.entries.length, dropped: journal.dropped, limit: journal.limit, lastId: journal.lastId },
  }
}

/** Records of a kind, newest first and tombstones last, and one record with its wire form and links. */
function recordReaders(
  { store, render }: InspectionTarget,
  deletions: DeletionLog,
): Pick<Inspection, 'records' | 'record'> {
  return {
    records(kind, { query = '', limit = 200 } = {}) {
      const needle = query.trim().toLowerCase()
      const rows: RecordRow[] = []
      let total = 0
      const take = (row: RecordRow) => {
        if (needle && !row.id.toLowerCase().includes(needle) && !row.label.toLowerCase().includes(needle)) return
        total++
        if (rows.length < limit) rows.push(row)
      }
      const records = [...store.all(kind)]
      for (let at = records.length - 1; at >= 0; at--) {
        const record = records[at]!
        take({ kind, id: record.id, label: recordLabel(kind, record) })
      }
      for (const id of store.snapshot().gone[kind] ?? []) take(rowOf(store, kind, id, deletions))
      return { kind, total, rows }
    },
    record(kind, id) {
      const record = store.get(kind, id)
      if (!record) return store.isGone(kind, id) ? { ...rowOf(store, kind, id, deletions), links: [] } : undefined
      const links = recordLinks(store, kind, record, deletions)
      return { kind, id, label: recordLabel(kind, record), wire: render(kind, record), links }
    },
  }
}

/** Journal rows, newest last, and one entry with what was answered. */
function journalReaders(
  journal: Journal,
  sessionFrames: SessionFrameLog | undefined,
): Pick<Inspection, 'journalRows' | 'journalEntry' | 'journalHar' | 'journalSearch'> {
  const journalRows = (limit = 1000) => {
    const entries = journal.entries
    const first = journal.lastId - entries.length + 1
    const from = Math.max(0, entries.length - limit)
    return {
      rows: entries.slice(from).map((entry, at) => journalRow(entry, first + from + at)),
      dropped: journal.dropped,
    }
  }
  const journalEntry = (id: number): JournalDetail | undefined => {
    const entry = journal.entry(id)
    if (!entry) return undefined
    const response = journal.response(id)
    const sent = entry.websocket && sessionFrames?.of(id)
    const frames = sent && { ...sent, answers: copilotAnswers(sentTexts(sent.frames)) }
    return { id, entry, ...(response && { response }), ...(frames && { frames }) }
  }
  return {
    journalRows,
    journalEntry,
    journalHar(filter, base) {
      const details: JournalDetail[] = []
      for (const row of journalRows(journal.limit).rows) {
        let detail: JournalDetail | undefined
        const read = () => (detail ??= journalEntry(row.id))
        if (passes(row, filter, read) && read()) details.push(detail!)
      }
      return journalHar(details, { base, creator: HAR_CREATOR })
    },
    journalSearch(text) {
      const ids: number[] = []
      for (const row of journalRows(journal.limit).rows)
        if (passes(row, { text }, () => journalEntry(row.id))) ids.push(row.id)
      return ids
    },
  }
}

/** A verify's outcome: the matches, or the near-miss table `verify()` would throw. */
function verifyOutcome(target: InspectionTarget, expectation: CallExpectation | StreamExpectation): VerifyOutcome {
  invariant(
    typeof expectation === 'object' &&
      expectation !== null &&
      (typeof (expectation as CallExpectation).operation === 'string' ||
        typeof (expectation as StreamExpectation).stream === 'string'),
    'Failed to verify calls: the expectation names no operation nor stream. Send { "operation", "params"?, "query"?, "body"?, "times"? } or { "stream", "status"?, "minFramesSent"?, "minFramesReceived"?, "closeCode"?, "times"? }.',
  )
  const entries = target.journal.entries
  try {
    const requests =
      'stream' in expectation
        ? verifyStreams(entries, expectation)
        : verifyCalls(entries, {
            ...expectation,
            operation: target.resolveOperation?.(expectation.operation, 'verify calls') ?? expectation.operation,
          })
    return { ok: true, matched: requests.length, requests }
  } catch (error) {
    if (error instanceof VerificationError) return { ok: false, message: error.message }
    throw error
  }
}

/** The named snapshots, each take and delete told to the feed. */
function announcedSnapshots(snapshots: NamedSnapshots, feed: InspectionFeed): NamedSnapshots {
  const announce = () => feed.emit(() => ({ type: 'snapshots', snapshots: snapshots.list() }))
  return {
    take(name) {
      const info = snapshots.take(name)
      announce()
      return info
    },
    restore: (id) => snapshots.restore(id),
    delete(id) {
      const deleted = snapshots.delete(id)
      if (deleted) announce()
      return deleted
    },
    list: () => snapshots.list(),
    get: (id) => snapshots.get(id),
    get bytes() {
      return snapshots.bytes
    },
  }
}

import { invariant } from 'outvariant'
import { STREAM_NAMES, type StreamName } from '../events/stream-paths.js'
import type { StreamHub } from '../events/stream-hub.js'
import type { Store } from '../store/create-store.js'
import type { ClockState, ControllableClock } from '../store/controllable-clock.js'
import { RECORD_KINDS, type RecordKind, type RecordOf } from '../store/schemas.js'
import type { OperationName } from '../routes/operation-names.js'
import type { Faults } from './faults.js'
import type { Journal, JournalEntry, WebSocketActivity } from './journal.js'
import type { NamedSnapshots, SnapshotInfo } from './named-snapshots.js'
import { recordLabel, recordLinks, rowOf, type RecordLink, type RecordRow } from './record-views.js'
import type { ResponseCopy } from './response-copies.js'
import { SCENARIOS, type ScenarioName } from './scenarios.js'
import { VerificationError, verifyCalls, type CallExpectation } from './verify-calls.js'
import { verifyStreams, type StreamExpectation } from './verify-streams.js'

/** One journal entry as the inspector lists it. */
export interface JournalRow {
  readonly id: number
  readonly operation: string
  readonly method: string
  readonly path: string
  /** 0 for a network error. */
  readonly status: number
  readonly durationMs: number
  readonly at: string
  readonly faultId?: string
  /** A WebSocket's stream, state and frame counts; the row is sent again, same id, when it closes. */
  readonly websocket?: WebSocketActivity
}

/** One frame sent on an identifier stream, as the inspector shows it. */
export interface FrameRow {
  readonly id: number
  readonly stream: StreamName
  /** When it was sent, by the mock's clock. */
  readonly at: string
  /** How many clients it went to. */
  readonly clients: number
  /** How many identifiers it carries. */
  readonly items: number
  /** The frame as sent, cut at 2 KiB. */
  readonly text: string
  readonly truncated: boolean
}

/** A fault as the inspector lists it: `remaining` is null for "every time". */
export type FaultRow = Record<string, unknown> & { readonly id: string; readonly remaining: number | null }

/** Clients connected to a stream, and the frames sent on it since the mock started. */
export interface StreamCounts {
  readonly clients: number
  readonly frames: number
}

/** What the inspector's header and steering show. */
export interface InspectorOverview {
  readonly scenario: ScenarioName
  readonly scenarios: readonly ScenarioName[]
  /** The operation ids of the route table, sorted. */
  readonly operations: readonly string[]
  readonly counts: Readonly<Record<RecordKind, number>>
  /** Tombstones by kind. */
  readonly gone: Readonly<Record<RecordKind, number>>
  readonly clock: ClockState
  readonly faults: readonly FaultRow[]
  readonly streamFaults: readonly FaultRow[]
  readonly streams: Readonly<Record<StreamName, StreamCounts>>
  readonly snapshots: readonly SnapshotInfo[]
  readonly journal: { readonly kept: number; readonly dropped: number; readonly limit: number; readonly lastId: number }
}

/** A page of one kind's records, newest first, tombstones last. */
export interface RecordList {
  readonly kind: RecordKind
  /** How many records and tombstones match the query. */
  readonly total: number
  readonly rows: RecordRow[]
}

/** One record: its wire form as the official client receives it, and its links both ways. */
export interface RecordDetail extends RecordRow {
  /** The wire form, rendered by the service's renderer at the mock's time; absent when gone. */
  readonly wire?: unknown
  readonly links: RecordLink[]
}

/** One journal entry in full, with what was answered. */
export interface JournalDetail {
  readonly id: number
  readonly entry: JournalEntry
  /** Status, content type and the first 64 KiB of the body; absent once let go (8 MiB of bodies are kept). */
  readonly response?: ResponseCopy
}

/** What a verify gives: how many calls matched and which, or the same table `verify()` throws. */
export type VerifyOutcome =
  | { readonly ok: true; readonly matched: number; readonly requests: readonly JournalEntry[] }
  | { readonly ok: false; readonly message: string }

/** What the inspector hears, live. */
export type InspectionEvent =
  /** A request or WebSocket journaled; a row whose id came before replaces it (a WebSocket closed). */
  | { readonly type: 'request'; readonly row: JournalRow }
  | { readonly type: 'journal-cleared' }
  | { readonly type: 'records'; readonly kinds: readonly RecordKind[] }
  | { readonly type: 'replaced' }
  | { readonly type: 'frame'; readonly frame: FrameRow }
  | { readonly type: 'streams'; readonly streams: Readonly<Record<StreamName, StreamCounts>> }
  | { readonly type: 'faults'; readonly faults: readonly FaultRow[]; readonly streamFaults: readonly FaultRow[] }
  | { readonly type: 'clock'; readonly clock: ClockState }
  | { readonly type: 'snapshots'; readonly snapshots: readonly SnapshotInfo[] }
  | { readonly type: 'scenario'; readonly scenario: ScenarioName }

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
  resolveOperation?(name: string, doing: string): string
  /** A record's wire form at the mock's time, through the service's renderer. */
  render(kind: RecordKind, record: RecordOf<RecordKind>): unknown
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
  /** Checks the journal as `verify()` does, answering the near-miss table instead of throwing it. */
  verify(expectation: CallExpectation | StreamExpectation): VerifyOutcome
  /** Stream clients and frame counts, and the newest frames sent (up to 100), oldest first. */
  streams(): { streams: Readonly<Record<StreamName, StreamCounts>>; frames: FrameRow[] }
  /** Tells listeners the scenario changed (the service calls it once a switch is done). */
  scenarioChanged(): void
  /** Snapshots taken by id, shared with `POST /__mock/snapshots` (and deleted by `DELETE /__mock/snapshots/{id}`). */
  readonly snapshots: NamedSnapshots
  /** Hears every change the inspector shows; returns the function that stops listening. */
  subscribe(listener: (event: InspectionEvent) => void): () => void
}

const FRAMES_KEPT = 100
const FRAME_TEXT = 2048
const STREAMS: readonly StreamName[] = STREAM_NAMES

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
  const { store, journal, faults, hub, clock } = target
  const listeners = new Set<(event: InspectionEvent) => void>()
  const framesSent = Object.fromEntries(STREAMS.map((stream) => [stream, 0])) as Record<StreamName, number>
  let frames: FrameRow[] = []
  let frameId = 0

  function emit(make: () => InspectionEvent): void {
    if (listeners.size === 0) return
    const event = make()
    for (const listener of [...listeners]) {
      try {
        listener(event)
      } catch (error) {
        console.error(error)
      }
    }
  }

  const streamCounts = () =>
    Object.fromEntries(
      STREAMS.map((stream) => [stream, { clients: hub.clientCount(stream), frames: framesSent[stream] }]),
    ) as Record<StreamName, StreamCounts>
  const faultRows = () => ({
    faults: faults.list().map(faultRow),
    streamFaults: faults.listStreams().map(faultRow),
  })

  // The journal is heard only while someone listens here: with no one, it makes no entry until one is read.
  let stopJournal: (() => void) | undefined
  const hearJournal = () =>
    journal.subscribe((entry, id) =>
      emit(() => (entry ? { type: 'request', row: journalRow(entry, id) } : { type: 'journal-cleared' })),
    )
  store.subscribe((event) =>
    emit(() =>
      event.type === 'replace'
        ? { type: 'replaced' }
        : { type: 'records', kinds: [...new Set(event.changes.map((change) => change.kind))] },
    ),
  )
  faults.subscribe(() => emit(() => ({ type: 'faults', ...faultRows() })))
  clock.subscribe((state) => emit(() => ({ type: 'clock', clock: state })))
  hub.subscribe((event) => {
    if (event.type !== 'frame') return emit(() => ({ type: 'streams', streams: streamCounts() }))
    framesSent[event.stream]++
    const row = frameRow(++frameId, event.stream, event.frame, event.clients, clock.now().toISOString())
    frames.push(row)
    if (frames.length > FRAMES_KEPT * 2) frames = frames.slice(-FRAMES_KEPT)
    emit(() => ({ type: 'frame', frame: row }))
  })

  const inspection: Inspection = {
    overview() {
      const counts = {} as Record<RecordKind, number>
      const gone = {} as Record<RecordKind, number>
      const tombstones = store.snapshot().gone
      for (const kind of RECORD_KINDS) {
        counts[kind] = store.count(kind)
        gone[kind] = tombstones[kind]?.length ?? 0
      }
      return {
        scenario: target.scenario,
        scenarios: SCENARIOS,
        operations: [...new Set(target.operations.map((operation) => operation.id))].sort(),
        counts,
        gone,
        clock: clock.state(),
        ...faultRows(),
        streams: streamCounts(),
        snapshots: target.snapshots.list(),
        journal: {
          kept: journal.entries.length,
          dropped: journal.dropped,
          limit: journal.limit,
          lastId: journal.lastId,
        },
      }
    },
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
      for (const id of store.snapshot().gone[kind] ?? []) take(rowOf(store, kind, id))
      return { kind, total, rows }
    },
    record(kind, id) {
      const record = store.get(kind, id)
      if (!record) return store.isGone(kind, id) ? { ...rowOf(store, kind, id), links: [] } : undefined
      return {
        kind,
        id,
        label: recordLabel(kind, record),
        wire: target.render(kind, record),
        links: recordLinks(store, kind, record),
      }
    },
    journalRows(limit = 1000) {
      const entries = journal.entries
      const first = journal.lastId - entries.length + 1
      const from = Math.max(0, entries.length - limit)
      return {
        rows: entries.slice(from).map((entry, at) => journalRow(entry, first + from + at)),
        dropped: journal.dropped,
      }
    },
    journalEntry(id) {
      const entry = journal.entry(id)
      if (!entry) return undefined
      const response = journal.response(id)
      return { id, entry, ...(response && { response }) }
    },
    verify(expectation) {
      invariant(
        typeof expectation === 'object' &&
          expectation !== null &&
          (typeof (expectation as CallExpectation).operation === 'string' ||
            typeof (expectation as StreamExpectation).stream === 'string'),
        'Failed to verify calls: the expectation names no operation nor stream. Send { "operation", "params"?, "query"?, "body"?, "times"? } or { "stream", "status"?, "minFramesSent"?, "minFramesReceived"?, "closeCode"?, "times"? }.',
      )
      const resolve = (name: string) => (target.resolveOperation?.(name, 'verify calls') ?? name) as OperationName
      try {
        const requests =
          'stream' in expectation
            ? verifyStreams(journal.entries, expectation)
            : verifyCalls(journal.entries, { ...expectation, operation: resolve(expectation.operation) })
        return { ok: true, matched: requests.length, requests }
      } catch (error) {
        if (error instanceof VerificationError) return { ok: false, message: error.message }
        throw error
      }
    },
    streams: () => ({ streams: streamCounts(), frames: frames.slice(-FRAMES_KEPT) }),
    scenarioChanged: () => emit(() => ({ type: 'scenario', scenario: target.scenario })),
    snapshots: {
      take() {
        const info = target.snapshots.take()
        emit(() => ({ type: 'snapshots', snapshots: target.snapshots.list() }))
        return info
      },
      restore: (id) => target.snapshots.restore(id),
      delete(id) {
        const deleted = target.snapshots.delete(id)
        if (deleted) emit(() => ({ type: 'snapshots', snapshots: target.snapshots.list() }))
        return deleted
      },
      list: () => target.snapshots.list(),
      get bytes() {
        return target.snapshots.bytes
      },
    },
    subscribe(listener) {
      listeners.add(listener)
      stopJournal ??= hearJournal()
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        stopJournal?.()
        stopJournal = undefined
      }
    },
  }
  return inspection
}

function journalRow(entry: JournalEntry, id: number): JournalRow {
  return {
    id,
    operation: entry.operation,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    durationMs: entry.durationMs,
    at: entry.at,
    ...(entry.faultId && { faultId: entry.faultId }),
    ...(entry.websocket && { websocket: entry.websocket }),
  }
}

function faultRow(fault: { readonly id: string; readonly remaining: number }): FaultRow {
  return { ...fault, remaining: Number.isFinite(fault.remaining) ? fault.remaining : null }
}

function frameRow(id: number, stream: StreamName, text: string, clients: number, at: string): FrameRow {
  let items = 0
  for (let found = text.indexOf('"id":'); found !== -1; found = text.indexOf('"id":', found + 5)) items++
  if (text.length <= FRAME_TEXT) return { id, stream, at, clients, items, text, truncated: false }
  // Copied, not sliced: a slice would keep the whole frame (a first frame of a large store) alive.
  const head = new TextDecoder().decode(new TextEncoder().encode(text.slice(0, FRAME_TEXT)))
  return { id, stream, at, clients, items, text: head, truncated: true }
}

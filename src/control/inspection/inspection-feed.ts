import type { StreamHub } from '../../events/stream-hub.js'
import { STREAM_NAMES, type StreamName } from '../../events/stream-paths.js'
import type { Store } from '../../store/create-store.js'
import type { ClockState, ControllableClock } from '../../store/clock-and-ids/controllable-clock.js'
import type { RecordKind } from '../../store/schemas/schemas.js'
import type { Faults } from '../faults/faults.js'
import {
  faultRow,
  frameRow,
  journalRow,
  type FaultRow,
  type FrameRow,
  type JournalRow,
  type StreamCounts,
} from './inspection-rows.js'
import type { Journal } from '../journal/journal.js'
import type { SnapshotInfo } from './named-snapshots.js'
import type { ScenarioName } from '../../seeding/scenarios.js'

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
  /** A stub was added, removed or counted down, or the latency changed: read them again. */
  | { readonly type: 'steering' }

/** What the feed listens to. */
interface FeedSources {
  readonly store: Store
  readonly journal: Journal
  readonly faults: Faults
  readonly hub: StreamHub
  readonly clock: ControllableClock
  /** The stubs and latency, when the service has them: each change is told as `steering`. */
  readonly stubs?: { subscribe(listener: () => void): () => void }
  readonly latency?: { subscribe(listener: () => void): () => void }
}

/** The live feed of an inspection, and the stream figures it keeps. */
export interface InspectionFeed {
  /** Tells every listener; `make` runs only when there is one. */
  emit(make: () => InspectionEvent): void
  /** Hears every change; returns the function that stops listening. */
  subscribe(listener: (event: InspectionEvent) => void): () => void
  streamCounts(): Readonly<Record<StreamName, StreamCounts>>
  /** The newest frames, sent by the mock or by its clients (up to 100), oldest first. */
  frames(): FrameRow[]
  faultRows(): { faults: FaultRow[]; streamFaults: FaultRow[] }
}

const FRAMES_KEPT = 100

/**
 * The feed of everything the inspector shows changing: it listens to the
 * hub, the journal's WebSocket frames, store, faults, clock, stubs and latency
 * from the start (counting frames sent and keeping the newest 100 both ways), and to the journal while it has listeners of its own; a
 * listener's failure is logged and reaches no one else.
 *
 * @example
 * const feed = createInspectionFeed({ store, journal, faults, hub, clock })
 * feed.subscribe((event) => console.log(event.type))
 */
export function createInspectionFeed(sources: FeedSources): InspectionFeed {
  const { store, journal, faults, hub, clock } = sources
  const listeners = new Set<(event: InspectionEvent) => void>()
  const framesSent = new Map<StreamName, number>()
  let frames: FrameRow[] = []
  let frameId = 0
  const emit = (make: () => InspectionEvent) => {
    if (listeners.size > 0) tell(listeners, make())
  }
  const streamCounts = () =>
    Object.fromEntries(
      STREAM_NAMES.map((stream) => [stream, { clients: hub.clientCount(stream), frames: framesSent.get(stream) ?? 0 }]),
    ) as Record<StreamName, StreamCounts>
  const faultRows = () => ({ faults: faults.list().map(faultRow), streamFaults: faults.listStreams().map(faultRow) })
  store.subscribe((event) =>
    emit(() =>
      event.type === 'replace'
        ? { type: 'replaced' }
        : { type: 'records', kinds: [...new Set(event.changes.map((change) => change.kind))] },
    ),
  )
  faults.subscribe(() => emit(() => ({ type: 'faults', ...faultRows() })))
  clock.subscribe((state) => emit(() => ({ type: 'clock', clock: state })))
  for (const steered of [sources.stubs, sources.latency]) steered?.subscribe(() => emit(() => ({ type: 'steering' })))
  const listFrame = (row: FrameRow) => {
    frames.push(row)
    if (frames.length > FRAMES_KEPT * 2) frames = frames.slice(-FRAMES_KEPT)
    emit(() => ({ type: 'frame', frame: row }))
  }
  hub.subscribe((event) => {
    if (event.type !== 'frame') return emit(() => ({ type: 'streams', streams: streamCounts() }))
    framesSent.set(event.stream, (framesSent.get(event.stream) ?? 0) + 1)
    listFrame(frameRow(++frameId, event.stream, event.frame, event.clients, clock.now().toISOString()))
  })
  // A client's frames, as its session keeps them (cut at 2 KiB), in the same list.
  journal.frames.subscribe(({ stream }, frame) => {
    if (stream === undefined) return
    const text = frame.binary ? `(binary, ${frame.size} bytes)` : frame.text
    listFrame(frameRow(++frameId, stream, text, 1, clock.now().toISOString(), 'received'))
  })
  // The journal is heard only while someone listens here: with no one, it makes no entry until one is read.
  let stopJournal: (() => void) | undefined
  const hearJournal = () =>
    journal.subscribe((entry, id) =>
      emit(() => (entry ? { type: 'request', row: journalRow(entry, id) } : { type: 'journal-cleared' })),
    )
  return {
    emit,
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
    streamCounts,
    frames: () => frames.slice(-FRAMES_KEPT),
    faultRows,
  }
}

/** Tells each listener in turn; one that throws is logged and the rest still hear. */
function tell(listeners: ReadonlySet<(event: InspectionEvent) => void>, event: InspectionEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event)
    } catch (error) {
      console.error(error)
    }
  }
}

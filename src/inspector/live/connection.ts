import type { FaultSpec, StreamFaultSpec } from '../../control/faults/faults.js'
import type {
  FrameRow,
  InspectionEvent,
  InspectorOverview,
  JournalDetail,
  JournalRow,
  RecordDetail,
  RecordList,
  StreamCounts,
  VerifyOutcome,
} from '../../control/inspection/inspection.js'
import type { ScenarioName } from '../../seeding/scenarios.js'
import type { LatencySettings } from '../../control/latency/latency.js'
import type { Stub, StubSpec } from '../../control/stubs/stubs.js'
import type { JournalHarFilter } from '../../control/inspection/journal-har.js'
import type { CallExpectation } from '../../control/verify/verify-calls.js'
import type { StreamExpectation } from '../../control/verify/verify-streams.js'
import type { StreamName } from '../../events/stream-paths.js'
import type { InspectedKind } from '../../control/inspection/record-views.js'
import type { StoreDiff } from '../../control/inspection/snapshot-diff.js'
import type { MachineSetter, MachineState } from '../../control/api/machine/machine-views.js'

/** A clock change the inspector asks for. */
type ClockAction =
  | { readonly action: 'freeze' | 'resume' | 'reset' }
  | { readonly action: 'set'; readonly at: string }
  | { readonly action: 'advance'; readonly ms: number }

/** A stub as the inspector lists it: `remaining` is null for one that answers every match (JSON has no Infinity). */
export type StubRow = Omit<Stub, 'remaining'> & { readonly remaining: number | null }

/**
 * How the inspector reads and steers a mock: in the page's own process (the
 * panel) or over the control API and its live feed (the standalone page).
 * Every call rejects with the mock's own message when it refuses.
 */
export interface Connection {
  /** Where the mock answers requests, for requests copied from the journal. */
  readonly baseUrl: string
  overview(): Promise<InspectorOverview>
  records(kind: InspectedKind, query: string): Promise<RecordList>
  record(kind: InspectedKind, id: string): Promise<RecordDetail | undefined>
  /** The newest `limit` journal rows, oldest first. */
  journalRows(limit: number): Promise<{ rows: JournalRow[]; dropped: number }>
  journalEntry(id: number): Promise<JournalDetail | undefined>
  /** The kept entries that pass `filter` as the text of a HAR 1.2 log, URLs under `baseUrl`. */
  journalHar(filter: JournalHarFilter): Promise<string>
  /** The ids of the kept entries whose fields or kept request or response body hold `text`, in any case. */
  journalSearch(text: string): Promise<number[]>
  verify(expectation: CallExpectation | StreamExpectation): Promise<VerifyOutcome>
  streams(): Promise<{ streams: Readonly<Record<StreamName, StreamCounts>>; frames: FrameRow[] }>
  reset(): Promise<void>
  useScenario(name: ScenarioName): Promise<void>
  takeSnapshot(name?: string): Promise<void>
  restoreSnapshot(id: string): Promise<void>
  deleteSnapshot(id: string): Promise<void>
  /** What differs in the store since a kept snapshot; rejects for one that is not kept. */
  diffSnapshot(id: string, against?: string): Promise<StoreDiff>
  /** The whole state as the text `persist` keeps. */
  exportState(): Promise<string>
  /** Replaces the whole state with an exported one; rejects, changing nothing, for anything else. */
  importState(text: string): Promise<void>
  addFault(spec: FaultSpec | StreamFaultSpec): Promise<void>
  removeFault(id: string): Promise<void>
  clearFaults(): Promise<void>
  clearJournal(): Promise<void>
  /** The stubs waiting, in the order they match. */
  stubs(): Promise<StubRow[]>
  /** Adds a stub; rejects with the mock's message (its 400) for one that cannot work. Resolves to its id. */
  addStub(spec: StubSpec): Promise<string>
  removeStub(id: string): Promise<void>
  /** The latency settings in force. */
  latency(): Promise<LatencySettings>
  /** Replaces the latency settings; rejects with the mock's message for settings that cannot work. */
  setLatency(settings: LatencySettings): Promise<void>
  /** Back to the latency the mock was started with. */
  clearLatency(): Promise<void>
  /** Whether a reset keeps the journal ("Preserve log"): sets it when `preserve` is given, and answers it. */
  preserveJournal(preserve?: boolean): Promise<boolean>
  removeAsset(id: string): Promise<void>
  clock(change: ClockAction): Promise<void>
  /** The machine's parts as the control plane shows them (`GET /__mock/machine/os`, `/accounts`, `/installers`, `/backups`). */
  machine(): Promise<MachineState>
  /** Posts `body` to a setter of the control plane (`POST /__mock/machine/<setter>`); rejects with its refusal. */
  setMachine(setter: MachineSetter, body: unknown): Promise<void>
  /**
   * Listens to the live feed: `opened` runs when it (re)connects, so the view
   * reloads what it shows; `events` gets the changes after that; `lost` runs
   * when the feed drops (it reconnects by itself).
   */
  subscribe(events: (events: readonly InspectionEvent[]) => void, opened: () => void, lost: () => void): () => void
}

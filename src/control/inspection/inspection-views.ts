import type { StreamName } from '../../events/stream-paths.js'
import type { ClockState } from '../../store/clock-and-ids/controllable-clock.js'
import type { RecordKind } from '../../store/schemas/schemas.js'
import type { ScenarioName } from '../../seeding/scenarios.js'
import type { CopilotAnswer, SessionFrames } from '../journal/session-frames.js'
import type { FaultRow, StreamCounts } from './inspection-rows.js'
import type { JournalEntry } from '../journal/journal.js'
import type { SnapshotInfo } from './named-snapshots.js'
import type { RecordLink, RecordRow } from './record-views.js'
import type { ResponseCopy } from '../journal/response-copies.js'

/* What the inspection answers, as plain data: the overview, record lists and details, journal details, verify outcomes. */

/** What the inspector's header and steering show. */
export interface InspectorOverview {
  /** Names this service instance: another one after a restart, so the inspector can say its data was reset. */
  readonly instance: string
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
  /** A WebSocket's frames sent, newest kept, and the copilot answers they carry as text. */
  readonly frames?: SessionFrames & { readonly answers: CopilotAnswer[] }
}

/** What a verify gives: how many calls matched and which, or the same table `verify()` throws. */
export type VerifyOutcome =
  | { readonly ok: true; readonly matched: number; readonly requests: readonly JournalEntry[] }
  | { readonly ok: false; readonly message: string }

import type { FrameRow, InspectorOverview, JournalRow } from '../../control/inspection/inspection.js'

/** What the inspector shows live. */
export interface LiveState {
  readonly overview?: InspectorOverview
  /** Journal rows, oldest first: every entry the journal holds (up to its limit, at most 10,000). */
  readonly rows: readonly JournalRow[]
  /** Entries the journal made but no longer holds, since it was last cleared (the oldest go first). */
  readonly dropped: number
  /** Frames on the streams both ways, oldest first (the newest 200). */
  readonly frames: readonly FrameRow[]
  /** Moves on whenever records or the clock change, so record views load again. */
  readonly version: number
  /** Moves on whenever the machine's parts (or the users) change, so the machine view loads again. */
  readonly machineVersion: number
  /** Moves on whenever the stubs or the latency change, so the steering's lists load again. */
  readonly steeringVersion: number
  /** When the clock state was read, by this page's clock, to show the mock's running time. */
  readonly clockReadAt: number
  readonly connected: boolean
  /** When the feed dropped (this page's clock), while it is down: what is shown is as of then. */
  readonly lostAt?: number
  /** Set when the feed came back from another instance of the mock: a restart, its data reset. */
  readonly restarted?: boolean
}

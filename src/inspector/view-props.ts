import type { InspectedKind } from '../control/inspection/record-views.js'
import type { Connection } from './live/connection.js'
import type { LiveState } from './live/use-live.js'

/** What every view gets: the connection, the live state, and a way to run a steering call. */
export interface ViewProps {
  readonly connection: Connection
  readonly live: LiveState
  /**
   * Runs a call, showing its refusal (the mock's message) beside the actions
   * of `scope` (an {@link ActionError} of that scope), or above the views.
   */
  readonly act: (call: () => Promise<unknown>, scope?: string) => void
}

/** The record shown in the records view. */
export interface Selection {
  readonly kind: InspectedKind
  readonly id?: string
}

import type { Connection } from '../live/connection.js'

/** What a section's setter gets: the connection to post with, and `act` in the section's scope. */
export interface SetterProps {
  readonly connection: Connection
  /** Runs the setter's call, its refusal shown in the section (its ActionError). */
  readonly act: (call: () => Promise<unknown>) => void
}

import type { CopilotHooks } from '../domain/copilot/copilot-reply.js'
import type { StreamHub } from '../events/stream-hub.js'
import type { Store } from '../store/create-store.js'

/**
 * What the copilot stream is handed: the store it writes to, the hub it
 * sends through, its hooks (seed, scripted replies, model refusals) and its pace.
 *
 * @example
 * const environment: CopilotEnvironment = { store, hub, seed: 1, paceMs: 0, takeReply: () => undefined, modelRefusal: () => undefined }
 */
export interface CopilotEnvironment extends CopilotHooks {
  readonly store: Store
  readonly hub: StreamHub
  /** Milliseconds between chunks when a reply sets none. */
  readonly paceMs: number
  /**
   * Leaves out the `INITIALIZED` frame of every answer, for clients that end
   * a stream on the first frame not `IN-PROGRESS` (the Python SDK's
   * `stream_question()`, 3.0.0 to 5.0.1).
   */
  readonly omitInitialized?: boolean
}

import type { StreamEndpoint } from '../events/stream-endpoint.js'
import { SERVICE_STREAM_PATHS } from '../events/stream-paths.js'
import type { CopilotEnvironment } from './copilot-environment.js'
import { createCopilotSession, type CopilotSession } from './copilot-session.js'

/** The copilot's stream, which can end every answer at once before its clients are closed. */
export interface CopilotStreamEndpoint extends StreamEndpoint {
  /** Ends every connection's answers now, each that has begun with its final frame (`STOPPED`). */
  finishAnswers(): void
}

/**
 * The `/qgpt/stream` WebSocket: a `QGPTStreamInput` with a `question` (or a
 * `relevance` with `options.question`) is answered in `QGPTStreamOutput`
 * frames, each naming its `request` and `conversation`, as the service sends
 * them: one `INITIALIZED` once the question is stored (a USER message, in a
 * new conversation when the input names none), the answer in `IN-PROGRESS`
 * chunks (text in `question.answers.iterable[0].text`), then one `COMPLETED`
 * after the answer is stored as an ASSISTANT message. `stop: true` ends the
 * named request (else the named conversation's answers, else all) with
 * `STOPPED`, keeping what was sent; `reset: true` ends every one with
 * `RESET`. A model that cannot answer, a conversation that does not exist or
 * a bad input answers `FAILED` with an `errorMessage` and stores nothing.
 * Each connection is a session (`createCopilotSession`); its frames go
 * through the hub, so stream faults and the inspector see them.
 * `finishAnswers()` ends every answer at once with its final frame, for a
 * service about to close its stream clients (a dropped session).
 *
 * @example
 * const endpoint = copilotStream({ store, hub, seed: 1, paceMs: 0, takeReply: () => undefined, modelRefusal: () => undefined })
 */
export function copilotStream(environment: CopilotEnvironment): CopilotStreamEndpoint {
  const { hub } = environment
  const sessions = new Set<CopilotSession>()
  return {
    name: 'qgpt',
    path: SERVICE_STREAM_PATHS.qgpt,
    open(client) {
      const leaveHub = hub.join('qgpt', client)
      const session = createCopilotSession(environment, (frame) => hub.sendTo('qgpt', client, JSON.stringify(frame)))
      sessions.add(session)
      return {
        receive: session.receive,
        receiveBinary: session.receiveBinary,
        leave() {
          sessions.delete(session)
          session.leave()
          leaveHub()
        },
      }
    },
    finishAnswers() {
      for (const session of sessions) session.finish()
    },
  }
}

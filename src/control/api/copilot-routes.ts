import { jsonAnswer, NO_CONTENT, type ControlRoute } from './control-route.js'
import type { CopilotReplies } from '../faults/copilot-replies.js'

/**
 * The copilot's scripted replies, queued, listed and dropped.
 *
 * @example
 * const routes = copilotRoutes(service.copilot)
 */
export function copilotRoutes(copilot: CopilotReplies): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/__mock/copilot/replies',
      run({ body }) {
        const replies: unknown[] = Array.isArray(body) ? body : [body]
        copilot.reply(...(replies as never[]))
        return jsonAnswer(201, { pending: copilot.pending.length })
      },
    },
    {
      method: 'GET',
      path: '/__mock/copilot/replies',
      run: () => jsonAnswer(200, { replies: copilot.pending }),
    },
    {
      method: 'DELETE',
      path: '/__mock/copilot/replies',
      run() {
        copilot.clear()
        return NO_CONTENT
      },
    },
  ]
}

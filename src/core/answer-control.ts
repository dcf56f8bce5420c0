import { InvariantError } from 'outvariant'
import type { ControlRoute } from '../control/control-routes.js'
import { errorAnswer, textAnswer, type Answer } from '../execution/answer.js'
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../execution/json-depth.js'
import type { ServiceRequest } from './create-mock-service.js'

/**
 * Answers a request of the control API: loopback clients only, a JSON body or
 * none, and a 400 naming the mistake for a request that cannot work (a fault
 * spec that cannot apply, say).
 *
 * @example
 * await answerControl(route, params, { method: 'POST', path: '/__mock/reset', query, body: '', loopback: true })
 */
export async function answerControl(
  route: ControlRoute,
  params: Readonly<Record<string, string>>,
  request: ServiceRequest,
): Promise<Answer> {
  if (request.loopback === false) return textAnswer(403, 'The control API answers loopback clients only.')
  let body: unknown
  if (nestsDeeperThan(request.body)) {
    return textAnswer(
      400,
      `Failed to read the body: it nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep. Send a body nested ${MAX_JSON_DEPTH} levels or less.`,
    )
  }
  try {
    body = request.body.trim() === '' ? undefined : JSON.parse(request.body)
  } catch {
    return textAnswer(400, 'Malformed JSON body.')
  }
  try {
    return await route.run({ params, query: request.query, body })
  } catch (error) {
    // Control requests are checked with invariant(): their messages say what to fix.
    return error instanceof InvariantError ? textAnswer(400, error.message) : errorAnswer(error)
  }
}

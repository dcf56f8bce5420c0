import { InvariantError } from 'outvariant'
import type { ControlRoute } from '../control/api/control-route.js'
import { errorAnswer, textAnswer, type Answer } from '../execution/answer.js'
import { readJsonBody } from '../execution/json-body.js'
import type { ServiceRequest } from './service-request.js'

/**
 * Answers a request of the control API, its access already allowed: a JSON
 * body or none (400 for a malformed one), and a 400 naming the mistake for a
 * request that cannot work (a fault spec that cannot apply, say).
 *
 * @example
 * await answerControl(route, params, { method: 'POST', path: '/__mock/reset', query, body: '' })
 */
export async function answerControl(
  route: ControlRoute,
  params: Readonly<Record<string, string>>,
  request: ServiceRequest,
  maxBodyBytes?: number,
): Promise<Answer> {
  const body = readJsonBody(request.body, maxBodyBytes)
  if (!body.ok) return textAnswer(400, body.problem)
  try {
    return await route.run({ params, query: request.query, body: body.value })
  } catch (error) {
    // Control requests are checked with invariant(): their messages say what to fix.
    return error instanceof InvariantError ? textAnswer(400, error.message) : errorAnswer(error)
  }
}

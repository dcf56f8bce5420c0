import { bodyText, type Answer } from '../../src/execution/answer.js'
import type { MockService } from '../../src/core/create-mock-service.js'

/**
 * Sends one request to a service in process, as a transport would, and
 * answers what the service answers (a 404 text for a path it does not route).
 */
export async function send(service: MockService, method: string, target: string, body = ''): Promise<Answer> {
  const url = new URL(target, 'http://localhost')
  const route = service.route(method, url.pathname)
  if (!route) return { status: 404, body: `No route for ${method} ${url.pathname}` }
  return service.answer(route, { method, path: url.pathname, query: url.searchParams, body, loopback: true })
}

/** The status of an answer; 0 for a network error. */
export const statusOf = (answer: Answer): number => ('networkError' in answer ? 0 : answer.status)

/** The body of an answer as text. */
export const textOf = (answer: Answer): string =>
  'networkError' in answer || answer.body === undefined ? '' : bodyText(answer.body)

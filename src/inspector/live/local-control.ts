import type { MockService } from '../../core/create-mock-service.js'
import type { Answer } from '../../execution/answer.js'

/**
 * Calls a route of the control API on a mock in the same page, with no
 * request sent: answers its JSON (undefined for none), and rejects with the
 * mock's own message when it refuses.
 *
 * @example
 * const control = controlCaller(mock)
 * const settings = await control('GET', '/__mock/machine/os')
 */
export function controlCaller(
  mock: MockService,
): (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown> {
  return async (method, path, body) => {
    const route = mock.route(method, path)
    if (!route) throw new Error(`Failed to call ${method} ${path}: this mock has no such route. Update the mock.`)
    const request = {
      method,
      path,
      query: new URLSearchParams(),
      body: body === undefined ? '' : JSON.stringify(body),
    }
    const answer = await mock.answer(route, request)
    if ('networkError' in answer) throw new Error(`Failed to call ${method} ${path}: the mock dropped it.`)
    const text = textOf(answer)
    if (answer.status >= 400) throw new Error(text || `${method} ${path} answered ${answer.status}.`)
    return text === '' ? undefined : (JSON.parse(text) as unknown)
  }
}

/** An answer's body as one string (empty when it has none). */
function textOf(answer: Exclude<Answer, { readonly networkError: true }>): string {
  const body = answer.body
  if (body === undefined) return ''
  if (typeof body === 'string') return body
  if (body instanceof Uint8Array) return new TextDecoder().decode(body)
  return [...body].join('')
}

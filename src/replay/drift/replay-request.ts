import type { ServicePort } from '../../core/service-port.js'
import { bodyText } from '../../execution/answer.js'
import type { HttpExchange } from '../har/har-exchanges.js'

/** The mock's answer to a replayed request. */
export interface ReplayedAnswer {
  readonly status: number
  readonly contentType: string
  readonly text: string
}

/**
 * Sends a recorded request to the mock, in process, with every recorded id
 * of a record the replay created swapped for the mock's own (in the path,
 * the query and the body).
 *
 * @example
 * const answer = await replayRequest(portOf(service), exchange, ids)
 */
export async function replayRequest(
  service: Pick<ServicePort, 'route' | 'answer'>,
  exchange: HttpExchange,
  ids: ReadonlyMap<string, string>,
): Promise<ReplayedAnswer> {
  const swap = idSwapper(ids)
  const path = exchange.path
    .split('/')
    .map((segment) => encodeURIComponent(swap(decodeURIComponent(segment))))
    .join('/')
  const route = service.route(exchange.method, path)
  if (!route)
    return {
      status: 404,
      contentType: 'text/plain',
      text: `No operation of the mock answers ${exchange.method} ${path}.`,
    }
  const answer = await service.answer(route, {
    method: exchange.method,
    path,
    query: new URLSearchParams(swap(exchange.query)),
    body: swap(exchange.requestBody),
    loopback: true,
  })
  if ('networkError' in answer) return { status: 0, contentType: '', text: '(a network error)' }
  return {
    status: answer.status,
    contentType: answer.contentType ?? '',
    text: answer.body === undefined ? '' : bodyText(answer.body),
  }
}

/**
 * Replaces every recorded id the map knows with the mock's, in one pass over the text.
 *
 * @example
 * idSwapper(new Map([['recorded-id', 'mock-id']]))('/conversation/recorded-id') // '/conversation/mock-id'
 */
export function idSwapper(ids: ReadonlyMap<string, string>): (text: string) => string {
  if (ids.size === 0) return (text) => text
  const pattern = new RegExp([...ids.keys()].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
  return (text) => text.replace(pattern, (id) => ids.get(id) ?? id)
}

import type { IncomingHttpHeaders } from 'node:http'

/**
 * Why a request body sent to `/__mock` is refused (415), or undefined: a
 * body must be `application/json`, which a page of another site cannot send
 * without a preflight. A request with no body (a bare POST or DELETE) needs no
 * content type.
 *
 * @example
 * controlBodyRefusal({ 'content-type': 'text/plain', 'content-length': '2' }) // 'The control API takes JSON bodies only…'
 */
export function controlBodyRefusal(headers: IncomingHttpHeaders): string | undefined {
  const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0
  if (!hasBody) return undefined
  const type = headers['content-type']
  const mediaType = type?.split(';', 1)[0]!.trim().toLowerCase()
  if (mediaType === 'application/json') return undefined
  return `The control API takes JSON bodies only: send content-type: application/json${type === undefined ? '' : `, not ${type}`}.`
}

import type { IncomingMessage } from 'node:http'

/** The header that names a request's mock session. */
const SESSION_HEADER = 'x-mock-session'
/** The cookie that names a request's mock session, for pages that cannot set headers. */
const SESSION_COOKIE = 'mock-session'
/** The query parameter that names a WebSocket upgrade's mock session (browsers cannot set its headers). */
const SESSION_QUERY = 'mockSession'

/**
 * The mock session a request names, or undefined for the default mock: the
 * `x-mock-session` header, else the `mock-session` cookie, else (on a
 * WebSocket upgrade only) the `?mockSession=` query parameter. The id is
 * returned as sent; the server checks it.
 *
 * @example
 * sessionIdOf(request, { upgrade: false }) // 'worker-1' for `x-mock-session: worker-1`
 */
export function sessionIdOf(request: IncomingMessage, { upgrade }: { upgrade: boolean }): string | undefined {
  const header = request.headers[SESSION_HEADER]
  if (typeof header === 'string') return header.trim()
  const cookie = cookieOf(request.headers.cookie, SESSION_COOKIE)
  if (cookie !== undefined) return cookie
  if (!upgrade) return undefined
  const url = request.url ?? '/'
  const queryStart = url.indexOf('?')
  if (queryStart === -1) return undefined
  return new URLSearchParams(url.slice(queryStart + 1)).get(SESSION_QUERY) ?? undefined
}

/** The value of one cookie of a `Cookie` header, decoded, or undefined. */
function cookieOf(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=')
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue
    const value = pair.slice(equals + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}

import type { IncomingHttpHeaders } from 'node:http'

/**
 * Whether a path belongs to the control API or the inspector, whose requests
 * only this machine's own clients and pages may make.
 *
 * @example
 * isControlPath('/__mock/reset') // true
 */
export function isControlPath(path: string): boolean {
  return path === '/__mock' || path.startsWith('/__mock/')
}

/**
 * Why a request to `/__mock` is refused (403), or undefined when it may go on:
 * the client must be on this machine; a `Host` that is not a loopback name is
 * a page reaching the mock through a DNS name that points here (DNS
 * rebinding); an `Origin` other than the mock's own, or one of
 * `allowedOrigins`, is another site's page. A request without `Origin` (a
 * test, curl, the page's own GETs) is not a foreign page's.
 *
 * @example
 * controlAccessRefusal({ host: 'evil.example:39300' }, true) // 'The control API answers requests to localhost…'
 */
export function controlAccessRefusal(
  headers: IncomingHttpHeaders,
  loopback: boolean,
  allowedOrigins: ReadonlySet<string> = new Set(),
): string | undefined {
  if (!loopback) return 'The control API answers loopback clients only.'
  const host = headers.host
  if (host !== undefined && !isLoopbackName(hostnameOf(host))) {
    return `The control API answers requests to localhost, 127.0.0.1 or [::1] only, not to "${host}".`
  }
  const origin = headers.origin
  if (origin !== undefined && !isOwnOrigin(origin, host) && !allowedOrigins.has(origin)) {
    return `The control API answers pages of its own origin only, not ${origin}. Start the mock with allowedOrigins to let a page of another origin steer it.`
  }
  return undefined
}

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

/**
 * The origins of `allowedOrigins` as browsers send them in `Origin`, checked.
 *
 * @example
 * allowedOriginSet(['http://localhost:5173/']) // Set { 'http://localhost:5173' }
 */
export function allowedOriginSet(origins: readonly string[] = []): ReadonlySet<string> {
  return new Set(
    origins.map((origin) => {
      let parsed: URL | undefined
      try {
        parsed = new URL(origin)
      } catch {
        parsed = undefined
      }
      if (!parsed || parsed.origin === 'null') {
        throw new TypeError(
          `Failed to start the standalone server: allowedOrigins holds "${origin}", which is not an origin. Give origins such as http://localhost:5173.`,
        )
      }
      return parsed.origin
    }),
  )
}

/** The host name of a `Host` header or URL host, without the port or the IPv6 brackets. */
function hostnameOf(host: string): string {
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '')
  return name.toLowerCase().replace(/\.$/, '')
}

function isLoopbackName(name: string): boolean {
  return (
    name === 'localhost' ||
    name === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  )
}

/** Whether an `Origin` is the mock's own: http, a loopback name, and the host and port the request was sent to. */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin)
    if (url.protocol !== 'http:' || !isLoopbackName(hostnameOf(url.host))) return false
    return host === undefined || url.host === new URL(`http://${host}`).host
  } catch {
    return false
  }
}

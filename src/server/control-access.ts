import type { IncomingHttpHeaders } from 'node:http'

/**
 * Why a request to `/__mock` is refused, or undefined when it may go on: the
 * client must be on this machine; a `Host` that is not a loopback name is a
 * page reaching the mock through a DNS name that points here (DNS
 * rebinding); an `Origin` other than the mock's own is another site's page.
 * A request without `Origin` (a test, curl, the page's own GETs) is not a
 * foreign page's.
 *
 * @example
 * controlAccessRefusal({ host: 'evil.example:39300' }, true) // 'The control API answers requests to localhost…'
 */
export function controlAccessRefusal(headers: IncomingHttpHeaders, loopback: boolean): string | undefined {
  if (!loopback) return 'The control API answers loopback clients only.'
  const host = headers.host
  if (host !== undefined && !isLoopbackName(hostnameOf(host))) {
    return `The control API answers requests to localhost, 127.0.0.1 or [::1] only, not to "${host}".`
  }
  const origin = headers.origin
  if (origin !== undefined && !isOwnOrigin(origin, host)) {
    return `The control API answers pages of its own origin only, not ${origin}.`
  }
  return undefined
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

/** What a transport knows of a request's client, for the control API's access policy. */
export interface RequestClient {
  /** Whether the client is on this machine (default true: in process). */
  readonly loopback?: boolean
  /** The `Host` the request was sent to, when the transport has one. */
  readonly host?: string
  /** The `Origin` of the page that sent it, when a browser sent one. */
  readonly origin?: string
}

/** Who may steer the mock through its control API (`/__mock`): one policy every transport applies. */
export interface AccessPolicy {
  /**
   * Why a request to `path` is refused (answered 403), or undefined when it
   * may go on. Paths outside the control API are never refused.
   */
  refusal(path: string, client: RequestClient): string | undefined
  /** Whether a page of `origin`, not the mock's own, may call the control API and read its answers. */
  allowsOrigin(origin: string | undefined): boolean
}

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
 * Whether a socket's remote address is this machine's.
 *
 * @example
 * isLoopbackAddress('::ffff:127.0.0.1') // true
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

/**
 * The control API's access policy: the client must be on this machine; a
 * `Host` that is not a loopback name is a page reaching the mock through a DNS
 * name that points here (DNS rebinding); an `Origin` other than the mock's own,
 * or one of `allowedOrigins`, is another site's page. A request without
 * `Origin` (a test, curl, the page's own GETs, anything in process) is not a
 * foreign page's. Throws for an allowed origin that is not one.
 *
 * @example
 * createAccessPolicy().refusal('/__mock/reset', { loopback: true, host: 'evil.example:39300' }) // 'The control API answers requests to localhost…'
 */
export function createAccessPolicy(allowedOrigins: readonly string[] = []): AccessPolicy {
  const allowed = new Set(allowedOrigins.map(checkedOrigin))
  return {
    refusal(path, { loopback = true, host, origin }) {
      if (!isControlPath(path)) return undefined
      if (!loopback) return 'The control API answers loopback clients only.'
      if (host !== undefined && !isLoopbackName(hostnameOf(host))) {
        return `The control API answers requests to localhost, 127.0.0.1 or [::1] only, not to "${host}".`
      }
      if (origin !== undefined && !isOwnOrigin(origin, host) && !allowed.has(origin)) {
        return `The control API answers pages of its own origin only, not ${origin}. Start the mock with allowedOrigins to let a page of another origin steer it.`
      }
      return undefined
    },
    allowsOrigin: (origin) => origin !== undefined && allowed.has(origin),
  }
}

/** An origin of `allowedOrigins` as browsers send it in `Origin`, checked. */
function checkedOrigin(origin: string): string {
  let parsed: URL | undefined
  try {
    parsed = new URL(origin)
  } catch {
    parsed = undefined
  }
  if (!parsed || parsed.origin === 'null') {
    throw new TypeError(
      `Failed to create the mock service: allowedOrigins holds "${origin}", which is not an origin. Give origins such as http://localhost:5173.`,
    )
  }
  return parsed.origin
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

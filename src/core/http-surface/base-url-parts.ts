/** A base URL split into what routing compares: its origin, its WebSocket origin and the path it adds. */
export interface BaseUrlParts {
  /** e.g. `http://localhost:39300`. */
  readonly origin: string
  /** e.g. `ws://localhost:39300`. */
  readonly wsOrigin: string
  /** The base URL's own path without its last slash, e.g. `/api`, or empty. */
  readonly prefix: string
}

/**
 * Splits a base URL for routing; throws a readable error for one that is not
 * an absolute http(s) URL.
 *
 * @example
 * baseUrlParts('http://localhost:1000/api') // { origin: 'http://localhost:1000', wsOrigin: 'ws://localhost:1000', prefix: '/api' }
 */
export function baseUrlParts(baseUrl: string): BaseUrlParts {
  let url: URL
  try {
    url = new URL(`${baseUrl.replace(/\/+$/, '')}/`)
  } catch {
    throw new Error(
      `Failed to route the mock: baseUrl "${baseUrl}" is not an absolute URL. Give one such as http://localhost:39300.`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(
      `Failed to route the mock: baseUrl "${baseUrl}" is not http(s). Give one such as http://localhost:39300.`,
    )
  }
  return {
    origin: url.origin,
    wsOrigin: url.origin.replace(/^http/, 'ws'),
    prefix: url.pathname.slice(0, -1),
  }
}

/**
 * The service's path of a URL under the base URL (the base's own path taken
 * off, the query left out), or undefined for a URL of another origin or
 * outside the base's path. A `ws:` or `wss:` URL is compared with the base's
 * WebSocket origin.
 *
 * @example
 * pathUnderBase(baseUrlParts('http://localhost:1000/api'), new URL('http://localhost:1000/api/assets?x=1')) // '/assets'
 */
export function pathUnderBase(base: BaseUrlParts, url: URL): string | undefined {
  const origin = url.protocol === 'ws:' || url.protocol === 'wss:' ? base.wsOrigin : base.origin
  if (url.origin !== origin) return undefined
  if (base.prefix === '') return url.pathname
  return url.pathname.startsWith(`${base.prefix}/`) ? url.pathname.slice(base.prefix.length) : undefined
}

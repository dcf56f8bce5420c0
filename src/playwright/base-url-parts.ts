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

import { addRoute, createRouter as createRadixRouter, findRoute } from 'rou3'
import { decodeSegment } from './path-segments.js'

/** One route: a method, a path pattern with `:name` parameters, and what it leads to. */
export interface Route<T> {
  readonly method: string
  readonly path: string
  readonly target: T
}

/** What a request path matched: the route's target, its path pattern and its parameters, percent-decoded. */
export interface RouteMatch<T> {
  readonly target: T
  /** The matched route's path, as routed (`/conversation/:conversation`). */
  readonly pattern: string
  readonly params: Record<string, string>
}

/** Finds the route of a method and path; the same router serves every runtime. */
export interface Router<T> {
  /** The route `method path` matches, or undefined. `path` is as sent: percent-encoded, without the query. */
  find(method: string, path: string): RouteMatch<T> | undefined
}

/**
 * Builds a router (rou3, a radix tree that runs wherever JavaScript does)
 * from routes. A fixed segment wins over a parameter at the same place,
 * whatever the order the routes come in; paths are matched case-sensitively,
 * a trailing slash is ignored, and a parameter never spans a `/` (an encoded
 * `%2F` inside one is decoded into it). A parameter with a malformed escape
 * (`%E0%A4`) is passed on as written. `seen` holds the `METHOD path` keys
 * routed already elsewhere (a route of another router over the same paths
 * repeating one is refused too); the router adds its own.
 *
 * @example
 * const router = createRouter([{ method: 'GET', path: '/conversation/:conversation', target: operation }])
 * router.find('GET', '/conversation/abc')?.params // { conversation: 'abc' }
 */
export function createRouter<T>(routes: Iterable<Route<T>>, seen = new Set<string>()): Router<T> {
  const radix = createRadixRouter<{ readonly target: T; readonly pattern: string }>()
  for (const route of routes) {
    const key = `${route.method} ${route.path.replace(/:[^/]+/g, ':')}`
    if (seen.has(key)) {
      throw new Error(
        `Failed to build the router: ${route.method} ${route.path} is routed twice. Give each method and path one route.`,
      )
    }
    seen.add(key)
    addRoute(radix, route.method, route.path, { target: route.target, pattern: route.path })
  }
  return {
    find(method, path) {
      const match = findRoute(radix, method, path)
      if (!match) return undefined
      const params: Record<string, string> = {}
      if (match.params) for (const name in match.params) params[name] = decodeSegment(match.params[name]!)
      return { target: match.data.target, pattern: match.data.pattern, params }
    },
  }
}

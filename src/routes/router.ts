import { addRoute, createRouter as createRadixRouter, findRoute, type RouterContext as RadixRouter } from 'rou3'
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
  const all: Route<T>[] = []
  const fixed = new Map<string, Route<T>>()
  for (const route of routes) {
    const key = `${route.method} ${route.path.replace(/:[^/]+/g, ':')}`
    if (seen.has(key)) {
      throw new Error(
        `Failed to build the router: ${route.method} ${route.path} is routed twice. Give each method and path one route.`,
      )
    }
    seen.add(key)
    all.push(route)
    if (FIXED_PATH.test(route.path)) fixed.set(fixedKey(route.method.toUpperCase(), route.path), route)
  }
  let radix: RadixRouter<{ readonly target: T; readonly pattern: string }> | undefined
  return {
    find(method, path) {
      const route = fixed.get(fixedKey(method, path))
      if (route) return { target: route.target, pattern: route.path, params: {} }
      radix ??= radixOf(all)
      const match = findRoute(radix, method, path)
      if (!match) return undefined
      const params: Record<string, string> = {}
      if (match.params) for (const name in match.params) params[name] = decodeSegment(match.params[name]!)
      return { target: match.data.target, pattern: match.data.pattern, params }
    },
  }
}

/**
 * A path of fixed segments only, that rou3 keeps as written: looked up in a map,
 * as rou3 itself first looks a path up among its fixed routes.
 */
const FIXED_PATH = /^(?:\/[\w~-][\w.~-]*)*\/?$/

/** The fixed-route key of a method and a path, its one trailing slash ignored (as rou3 does). */
function fixedKey(method: string, path: string): string {
  return `${method} ${path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path}`
}

/**
 * The radix tree of every route. It is built on the first request a fixed route does not
 * answer: rou3's `addRoute()` costs about 12 ms for the route table in a fresh process,
 * which a cold start whose first request is a fixed path (`GET /assets`) no longer pays.
 */
function radixOf<T>(routes: readonly Route<T>[]): RadixRouter<{ readonly target: T; readonly pattern: string }> {
  const radix = createRadixRouter<{ readonly target: T; readonly pattern: string }>()
  for (const route of routes) addRoute(radix, route.method, route.path, { target: route.target, pattern: route.path })
  return radix
}

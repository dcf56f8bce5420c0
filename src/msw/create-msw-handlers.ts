import { http, HttpResponse, matchRequestUrl, type RequestHandler } from 'msw'
import { executeOperation, type Execution, type ExecutionTarget } from '../execution/execute-operation.js'
import type { Operation } from '../operations/define-operation.js'
import { jsonTextOf } from '../execution/answer-cache.js'
import { decodeSegment, hasMalformedEscape } from '../routes/path-segments.js'

/** One path of one operation, with what a request path must look like to be worth matching. */
interface Route {
  readonly operation: Operation
  /** The absolute pattern MSW would have been given for this route. */
  readonly pattern: string
  /** The path's segments, lower-cased; `null` where a parameter stands. */
  readonly segments: ReadonlyArray<string | null>
  /** The parameter names, in path order. */
  readonly params: readonly string[]
}

/**
 * MSW request handlers for operations, answering at `baseUrl`. Each handler
 * waits for `ready` (the store's first load) before it answers.
 *
 * One catch-all handler serves every operation: MSW parses each request once
 * per handler it tries (URL, cookies, a freshly compiled path pattern), which
 * with one handler per route cost more than the operations themselves. The
 * catch-all narrows the routes by method and path shape, then asks MSW's own
 * `matchRequestUrl` about the candidates in route-table order, so which
 * operation answers and its parameters are exactly what per-route handlers
 * gave. A request no operation answers does not match, so it goes on to the
 * next handler, or is unhandled, as before.
 *
 * @example
 * setupServer(...createMswHandlers(allOperations(), { baseUrl, store, ready }))
 */
export function createMswHandlers(
  operations: readonly Operation[],
  target: ExecutionTarget & { baseUrl: string; ready: Promise<void> },
): RequestHandler[] {
  const base = target.baseUrl.replace(/\/+$/, '')
  const routesByMethod = new Map<string, Route[]>()
  for (const operation of operations) {
    for (const path of operation.paths) {
      const routes = routesByMethod.get(operation.method) ?? []
      routes.push({
        operation,
        pattern: `${base}${path}`,
        segments: segmentsOf(path).map((segment) => (segment.startsWith(':') ? null : segment.toLowerCase())),
        params: segmentsOf(path).flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : [])),
      })
      routesByMethod.set(operation.method, routes)
    }
  }

  // Where the base URL's own path ends, so a base such as http://localhost:1000/api works too.
  const { origin, pathname } = new URL(`${base}/`)
  const prefix = pathname.slice(0, -1).toLowerCase()

  function find(method: string, url: URL): { operation: Operation; params: Record<string, string> } | undefined {
    const routes = routesByMethod.get(method.toUpperCase())
    if (!routes || url.origin !== origin) return undefined
    if (prefix !== '' && !url.pathname.toLowerCase().startsWith(`${prefix}/`)) return undefined
    const segments = segmentsOf(url.pathname.slice(prefix.length))
    // msw 2's matcher throws on a malformed escape (`/asset/%E0%A4`) and answers
    // with its own 500 and a stack trace; such a segment is an id as written (as in msw 3).
    const malformed = hasMalformedEscape(url.pathname)
    for (const route of routes) {
      if (!couldMatch(route.segments, segments)) continue
      if (malformed) return { operation: route.operation, params: paramsAt(route, segments) }
      const match = matchRequestUrl(url, route.pattern)
      if (match.matches) return { operation: route.operation, params: stringParams(match.params ?? {}) }
    }
    return undefined
  }

  // The route the predicate chose, for the resolver of the same request.
  const chosen = new WeakMap<Request, { operation: Operation; params: Record<string, string> }>()

  return [
    // A custom predicate (msw >= 2.11): a request no operation answers does not
    // match, so MSW reports it unhandled (or lets a later handler answer) as
    // with per-route handlers, and msw decodes nothing that could throw.
    http.all(
      ({ request }) => {
        const route = find(request.method, new URL(request.url))
        if (!route) return false
        chosen.set(request, route)
        return { matches: true, params: route.params }
      },
      async ({ request }) => {
        const url = new URL(request.url)
        const route = chosen.get(request) ?? find(request.method, url)
        if (!route) return undefined
        await target.ready
        const { operation, params } = route
        const body = operation.method === 'POST' ? await request.text() : ''
        const result = await executeOperation(
          operation,
          { method: operation.method, path: url.pathname, params, query: url.searchParams, body },
          target,
        )
        return toHttpResponse(result)
      },
    ),
  ]
}

/** A path's segments after the leading slash, one trailing slash ignored (as MSW's matching allows). */
function segmentsOf(path: string): string[] {
  const segments = path.split('/')
  segments.shift()
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop()
  return segments
}

/**
 * False only when MSW could not match: a parameter never spans a `/`, so the
 * segment counts must agree, and fixed segments must be equal (MSW matches
 * paths case-insensitively).
 */
function couldMatch(pattern: ReadonlyArray<string | null>, segments: readonly string[]): boolean {
  if (pattern.length !== segments.length) return false
  for (let index = 0; index < pattern.length; index++) {
    const expected = pattern[index]
    if (expected !== null && expected !== segments[index]!.toLowerCase()) return false
  }
  return true
}

/** The parameters of a route a path's segments matched, each decoded or, when it cannot be, as written. */
function paramsAt(route: Route, segments: readonly string[]): Record<string, string> {
  const values = segments.filter((_segment, index) => route.segments[index] === null)
  return Object.fromEntries(route.params.map((name, index) => [name, decodeSegment(values[index]!)]))
}

function stringParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') result[name] = value
  }
  return result
}

function toHttpResponse(result: Execution): Response {
  if ('networkError' in result) return HttpResponse.error()
  if ('json' in result) {
    return new HttpResponse(jsonTextOf(result), {
      status: result.status,
      headers: { 'content-type': 'application/json' },
    })
  }
  if ('text' in result) return HttpResponse.text(result.text, { status: result.status })
  return new HttpResponse(null, { status: 204 })
}

/** How many routes a memo keeps before it starts afresh. */
const MEMO_ROUTES = 1024
/** The longest path a memo keeps: a longer one is routed each time, so the memo's memory stays small. */
const MEMO_PATH_CHARS = 256

/** Routes already found, by method and path as sent. */
export interface RouteMemo<R extends object> {
  /** The route of `method path`, found once by `find` and then looked up; a path with no route is not kept. */
  route(method: string, path: string, find: () => R | undefined): R | undefined
}

/**
 * Creates a bounded memo of found routes: a request to a path the mock has
 * routed before is a lookup, not a walk of the route tree. It keeps at most
 * 1,024 routes of paths up to 256 characters, and starts afresh when full;
 * the routes it hands out are frozen, as every request of a path shares one.
 *
 * @example
 * const memo = createRouteMemo<ServiceRoute>()
 * memo.route('GET', '/conversations', () => router.find('GET', '/conversations'))
 */
export function createRouteMemo<R extends object>(): RouteMemo<R> {
  const routes = new Map<string, R>()
  return {
    route(method, path, find) {
      if (path.length > MEMO_PATH_CHARS) return find()
      const key = `${method} ${path}`
      const known = routes.get(key)
      if (known) return known
      const found = find()
      if (!found) return undefined
      if (routes.size >= MEMO_ROUTES) routes.clear()
      routes.set(key, Object.freeze(found))
      return found
    },
  }
}

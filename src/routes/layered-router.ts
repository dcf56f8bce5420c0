import { createRouter, type Route, type RouteMatch, type Router } from './router.js'

/**
 * A router over two sets of routes, the second built only when a request
 * needs it: a path the first set matches with fixed segments only is
 * answered without it; any other path (no match, or a match through a
 * parameter) builds it once and takes whichever match a single tree of both
 * sets would (at the first segment where the two differ, a fixed segment
 * wins over a parameter). For a large set of rarely used routes, such as the
 * 501s of every client operation the mock leaves out, that are costly to build
 * and rarely matched.
 *
 * @example
 * const router = createLayeredRouter(tableRoutes, () => unimplementedRoutes())
 * router.find('GET', '/assets') // from the first set, the second not built
 */
export function createLayeredRouter<T>(first: Iterable<Route<T>>, later: () => Iterable<Route<T>>): Router<T> {
  const seen = new Set<string>()
  const primary = createRouter(first, seen)
  let secondary: Router<T> | undefined
  return {
    find(method, path) {
      const match = primary.find(method, path)
      if (match && !match.pattern.includes(':')) return match
      secondary ??= createRouter(later(), seen)
      const other = secondary.find(method, path)
      if (!match || !other) return match ?? other
      return moreSpecific(match, other)
    },
  }
}

/** The match a single tree prefers: at the first segment where their patterns differ, the fixed one. */
function moreSpecific<T>(a: RouteMatch<T>, b: RouteMatch<T>): RouteMatch<T> {
  const aSegments = a.pattern.split('/')
  const bSegments = b.pattern.split('/')
  for (let i = 0; i < Math.min(aSegments.length, bSegments.length); i++) {
    const aParam = aSegments[i]!.startsWith(':')
    const bParam = bSegments[i]!.startsWith(':')
    if (aParam !== bParam) return aParam ? b : a
  }
  return a
}

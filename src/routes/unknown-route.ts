import type { Operation } from '../operations/define/define-operation.js'
import { editDistance, MAX_SUGGESTED_NAME_LENGTH } from './closest-names.js'

/**
 * The operation name a request no operation answers is journaled under: not
 * an operation id or client method name, so `verify({ operation })` and
 * `journal.byOperation()` refuse it as unknown and never count it as a call
 * of a real operation. Read such requests from `journal.entries`.
 *
 * @example
 * service.journal.entries.filter((entry) => entry.operation === UNKNOWN_OPERATION)
 */
export const UNKNOWN_OPERATION = 'unknown'

/** The longest path a suggestion is searched for, in characters: no operation's path is near this long. */
const MAX_SUGGESTED_PATH_LENGTH = 4 * MAX_SUGGESTED_NAME_LENGTH

/** The most of a path the 404's text quotes. */
const QUOTED_PATH_LENGTH = 200

/**
 * The text of the 404 a request under the mock's base URL gets when no
 * operation answers it, with the nearest operations of the route table (at
 * most three): the same path with another method, or a path a few edits
 * away with each of the route's parameters matching any one segment. The
 * search is bounded: a path longer than 512 characters gets no suggestion,
 * and each segment's distance stops at its limit.
 *
 * @example
 * unknownRouteText('GET', '/asset/x/formatz', routeTable())
 * // 'No operation of the service answers GET /asset/x/formatz. Did you mean asset_formats (GET /asset/{asset}/formats) or assetsSpecificAssetFormatsSnapshot (GET /assets/{asset}/formats)?'
 */
export function unknownRouteText(method: string, path: string, operations: readonly Operation[]): string {
  const quoted =
    path.length <= QUOTED_PATH_LENGTH ? path : `${path.slice(0, QUOTED_PATH_LENGTH)}… (${path.length} characters)`
  const known = `No operation of the service answers ${method} ${quoted}.`
  const nearest = nearestOperations(method, path, operations)
  if (nearest.length === 0) return known
  const named = nearest.map(({ id, method: their, path: at }) => `${id} (${their} ${at.replace(/:(\w+)/g, '{$1}')})`)
  return `${known} Did you mean ${named.join(' or ')}?`
}

interface Candidate {
  readonly id: string
  readonly method: string
  readonly path: string
  readonly distance: number
}

/** The routes nearest a method and path, nearest first: each within a sixth of the path's length in edits (at least 2). */
function nearestOperations(method: string, path: string, operations: readonly Operation[], count = 3): Candidate[] {
  if (path.length > MAX_SUGGESTED_PATH_LENGTH) return []
  const segments = path.split('/')
  const within = Math.max(2, Math.ceil(path.length / 6))
  const found: Candidate[] = []
  for (const operation of operations) {
    for (const at of operation.paths) {
      const routeDistance = pathDistance(segments, at.split('/'), within)
      const distance = routeDistance + (operation.method === method ? 0 : 1)
      if (distance <= within && distance > 0)
        found.push({ id: operation.id, method: operation.method, path: at, distance })
    }
  }
  return found.sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id)).slice(0, count)
}

/** How far a path's segments are from a route's: a parameter matches any one segment; limit + 1 past the limit. */
function pathDistance(segments: readonly string[], route: readonly string[], limit: number): number {
  if (segments.length !== route.length) return limit + 1
  let distance = 0
  for (let at = 0; at < route.length && distance <= limit; at++) {
    const expected = route[at]!
    if (expected.startsWith(':')) continue
    distance += editDistance(segments[at]!, expected, limit - distance)
  }
  return Math.min(distance, limit + 1)
}

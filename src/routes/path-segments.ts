/*
 * Path segments with malformed percent-escapes (`/asset/%E0%A4`, `/conversation/%zz`).
 * msw 3 takes such a segment as written; msw 2's matcher throws on it and the
 * standalone router finds no route. Both runtimes use these helpers so that
 * the operation answers, naming the id as it was sent.
 */

/**
 * True when some segment of the path cannot be percent-decoded.
 *
 * @example
 * hasMalformedEscape('/asset/%E0%A4') // true
 */
export function hasMalformedEscape(path: string): boolean {
  if (!path.includes('%')) return false
  try {
    decodeURIComponent(path)
    return false
  } catch {
    return true
  }
}

/**
 * A path segment decoded, or as written when it holds a malformed escape.
 *
 * @example
 * decodeSegment('a%2Fb') // 'a/b'
 * decodeSegment('%E0%A4') // '%E0%A4'
 */
export function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The path with the `%` of every undecodable segment escaped as `%25`, so a
 * router that decodes parameters reads that segment as written.
 *
 * @example
 * escapeMalformedSegments('/asset/%E0%A4/formats') // '/asset/%25E0%25A4/formats'
 */
export function escapeMalformedSegments(path: string): string {
  return path
    .split('/')
    .map((segment) => (hasMalformedEscape(segment) ? segment.replaceAll('%', '%25') : segment))
    .join('/')
}

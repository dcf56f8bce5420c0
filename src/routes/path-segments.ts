/*
 * Path segments with malformed percent-escapes (`/asset/%E0%A4`, `/conversation/%zz`).
 * The router passes such a segment on as written, so that the operation
 * answers naming the id as it was sent, in every runtime.
 */

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

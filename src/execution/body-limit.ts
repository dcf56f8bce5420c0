import { MockServiceError } from '../errors.js'
import { utf8Length } from '../wire/json/utf8-length.js'

/** The largest request body a service takes by default, in bytes: 16 MiB, on every transport. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024

/**
 * The refusal of a body larger than `limit` bytes, in one wording for every
 * transport: a PAYLOAD_TOO_LARGE error (413).
 *
 * @example
 * throw bodyTooLarge(16 * 1024 * 1024)
 */
export function bodyTooLarge(limit: number): MockServiceError {
  return new MockServiceError('PAYLOAD_TOO_LARGE', `Request body is larger than the limit of ${limit} bytes.`)
}

/**
 * Whether a body's text is larger than `limit` bytes in UTF-8: its length
 * alone answers when it is over the limit, or so far under that no encoding
 * could pass it.
 *
 * @example
 * isOverBodyLimit('x'.repeat(10), 4) // true
 */
export function isOverBodyLimit(text: string, limit: number): boolean {
  if (text.length > limit) return true
  // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
  if (text.length * 3 <= limit) return false
  return utf8Length(text) > limit
}

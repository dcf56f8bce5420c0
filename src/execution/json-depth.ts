/**
 * The deepest nesting of arrays and objects a request body may have. Real
 * bodies of the service nest a dozen levels at most; far deeper JSON parses,
 * but serializing it again overflows the stack, so it is refused before
 * anything is parsed or stored.
 */
export const MAX_JSON_DEPTH = 64

const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, found by
 * one pass over the text (no recursion, nothing parsed; brackets inside
 * strings do not count). Text too short to nest that deep is not scanned.
 *
 * @example
 * nestsDeeperThan('[[[]]]', 2) // true
 * nestsDeeperThan('{"a":"[[[["}', 2) // false
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  if (text.length <= limit) return false
  let depth = 0
  let inString = false
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (inString) {
      if (code === BACKSLASH) at++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) {
      inString = true
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}

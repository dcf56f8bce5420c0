/**
 * A copy of a stored JSON value for a wire form: every array and object is
 * new, while strings are shared rather than copied (they cannot be edited),
 * so a message's or a format's text is held once however many wire forms
 * show it.
 *
 * @example
 * message.fragment = copyJson(record.fragment)
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(copyJson) as T
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) copy[key] = copyJson((value as Record<string, unknown>)[key])
  return copy as T
}

/**
 * The length in bytes of a text in UTF-8, counted without encoding it.
 *
 * @example
 * utf8Length('héllo') // 6
 */
export function utf8Length(text: string): number {
  // Most texts are ASCII: one native scan tells, and each character is then one byte.
  if (!NOT_ASCII.test(text)) return text.length
  let bytes = text.length
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else if (code >= 0xd800 && code <= 0xdbff && at + 1 < text.length && isLowSurrogate(text.charCodeAt(at + 1))) {
      // A pair: two UTF-16 units, four bytes.
      bytes += 2
      at++
    } else bytes += 2
  }
  return bytes
}

// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

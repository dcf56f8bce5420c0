import type { HarNameValue } from '../har/har-types.js'

/** What a redacted value is replaced with. */
const REDACTED = '[redacted]'

/** Headers that carry credentials: authorization, cookies, and any API key or token header. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|api[-_]?key|token|secret/i

/** JSON fields that carry credentials, at any depth. */
const SECRET_FIELDS = new Set([
  'access_token',
  'accesstoken',
  'refresh_token',
  'refreshtoken',
  'id_token',
  'idtoken',
  'token',
  'apikey',
  'api_key',
  'password',
  'secret',
  'client_secret',
])

/** Deepest JSON nesting the redaction walks; deeper values are kept as they are. */
const MAX_DEPTH = 64

/**
 * Headers with the value of every credential header replaced by `[redacted]`.
 *
 * @example
 * redactHeaders([{ name: 'Authorization', value: 'Bearer abc' }]) // [{ name: 'Authorization', value: '[redacted]' }]
 */
export function redactHeaders(headers: readonly HarNameValue[]): HarNameValue[] {
  return headers.map((header) => (SECRET_HEADER.test(header.name) ? { ...header, value: REDACTED } : header))
}

/**
 * A body with every token-like JSON field (`access_token`, `password`,
 * `apiKey`…, at any depth) replaced by `[redacted]`; a body that is not JSON
 * is given back as it is.
 *
 * @example
 * redactBody('{"user":{"access_token":"abc"}}') // '{"user":{"access_token":"[redacted]"}}'
 */
export function redactBody(text: string): string {
  const first = text.trimStart()[0]
  if (first !== '{' && first !== '[') return text
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return text
  }
  let changed = false
  const walk = (value: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value
    if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1))
    const copy: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      if (SECRET_FIELDS.has(key.toLowerCase()) && inner !== null && typeof inner !== 'object') {
        copy[key] = REDACTED
        changed = true
      } else {
        copy[key] = walk(inner, depth + 1)
      }
    }
    return copy
  }
  const redacted = walk(parsed, 0)
  return changed ? JSON.stringify(redacted) : text
}

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
  'clientsecret',
  'passwd',
  'authorization',
])

/**
 * Query parameters that carry credentials, by lower-case name: redacted in a
 * recorded URL and its `queryString`.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'api_key',
  'apikey',
  'key',
  'password',
  'secret',
  'client_secret',
  'auth',
  'code',
])

/**
 * Whether a header carries credentials (authorization, cookies, an API key or token header), by its name in any case.
 *
 * @example
 * isSecretHeader('Authorization') // true
 */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name)
}

/**
 * Headers with the value of every credential header replaced by `[redacted]`.
 *
 * @example
 * redactHeaders([{ name: 'Authorization', value: 'Bearer abc' }]) // [{ name: 'Authorization', value: '[redacted]' }]
 */
export function redactHeaders(headers: readonly HarNameValue[]): HarNameValue[] {
  return headers.map((header) => (isSecretHeader(header.name) ? { ...header, value: REDACTED } : header))
}

/**
 * A URL with the value of every credential query parameter (`token`,
 * `api_key`, `code`…) replaced by `[redacted]`; a URL with none, or that
 * does not parse, is given back as it is.
 *
 * @example
 * redactUrl('http://localhost:39300/a?token=abc&x=1') // 'http://localhost:39300/a?token=%5Bredacted%5D&x=1'
 */
export function redactUrl(url: string): string {
  if (!URL.canParse(url)) return url
  const parsed = new URL(url)
  const pairs = [...parsed.searchParams]
  if (!pairs.some(([name]) => isSecretParameter(name))) return url
  parsed.search = new URLSearchParams(
    pairs.map(([name, value]) => [name, isSecretParameter(name) ? REDACTED : value]),
  ).toString()
  return parsed.href
}

/**
 * Query parameters with the value of every credential one replaced by `[redacted]`.
 *
 * @example
 * redactQuery([{ name: 'api_key', value: 'k' }]) // [{ name: 'api_key', value: '[redacted]' }]
 */
export function redactQuery(pairs: readonly HarNameValue[]): HarNameValue[] {
  return pairs.map((pair) => (isSecretParameter(pair.name) ? { ...pair, value: REDACTED } : pair))
}

function isSecretParameter(name: string): boolean {
  return SECRET_QUERY_PARAMETERS.has(name.toLowerCase())
}

/**
 * A body with the value of every token-like JSON field (`access_token`,
 * `password`, `apiKey`…, at any depth, whatever its type: a string, an
 * array, an object) replaced by `[redacted]`; a body that is not JSON is
 * given back as it is. The walk is iterative, so no nesting is too deep for
 * it; a body too deep to be written back is replaced by a note whole.
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
  if (!redactInPlace(parsed)) return text
  try {
    return JSON.stringify(parsed)
  } catch {
    return `${REDACTED} (a JSON body too deeply nested to write back)`
  }
}

/** Replaces every secret field's value in `root` (freshly parsed, so ours to change); says whether any was. */
function redactInPlace(root: unknown): boolean {
  let changed = false
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (typeof value !== 'object' || value === null) continue
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item)
      continue
    }
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      if (SECRET_FIELDS.has(key.toLowerCase())) {
        record[key] = REDACTED
        changed = true
      } else {
        stack.push(record[key])
      }
    }
  }
  return changed
}

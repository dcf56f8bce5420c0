/** What a secret value is kept as in the journal. */
const REDACTED = '[redacted]'

/** Field names whose values are credentials, at any depth (API keys, tokens, verifiers). */
const SECRET_FIELD = /api_?key|token|secret|password|verifier|organization_?key/i

/**
 * A request body as the journal may keep it for an operation that carries
 * credentials: every field named like a credential (`api_key`,
 * `access_token`, `organization_key`, …) replaced by `[redacted]`, at any
 * depth; a body that is not JSON (a form) redacted field by field, or whole.
 *
 * @example
 * redactBody('{"user":"u","open_AI":{"api_key":"sk-1"}}') // '{"user":"u","open_AI":{"api_key":"[redacted]"}}'
 */
export function redactBody(text: string): string {
  if (text.trim() === '') return text
  try {
    return JSON.stringify(redactValue(JSON.parse(text)))
  } catch {
    const form = new URLSearchParams(text)
    const kept = new URLSearchParams()
    for (const [name, value] of form) kept.append(name, SECRET_FIELD.test(name) ? REDACTED : value)
    return kept.size > 0 ? kept.toString() : REDACTED
  }
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (value === null || typeof value !== 'object') return value
  const kept: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    kept[key] = SECRET_FIELD.test(key) && inner !== null && typeof inner !== 'object' ? REDACTED : redactValue(inner)
  }
  return kept
}

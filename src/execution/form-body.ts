import { MockServiceError } from '../errors.js'
import { readJsonBody } from './json-body.js'

/** The most fields a form body may carry: the client's forms send at most seven. */
const MAX_FORM_FIELDS = 32

/** The most characters one form value may carry. */
const MAX_FORM_VALUE = 8192

/**
 * A form-encoded body (`application/x-www-form-urlencoded`, as the client
 * sends `/oauth/token` and `/pkce/response/code`) as an object of its
 * fields' first values, or undefined for an empty body. A body with more
 * fields or longer values than a form of the client carries is refused.
 * The client's `schema` field is left out.
 * The same fields sent as a JSON object (a body that starts with `{`) are
 * read as JSON, as other clients of the service send them.
 *
 * @example
 * readFormBody('code=abc&state=xyz') // { code: 'abc', state: 'xyz' }
 */
export function readFormBody(text: string, maxBodyBytes?: number): unknown {
  if (text.trim() === '') return undefined
  if (text.trimStart().startsWith('{')) {
    const body = readJsonBody(text, maxBodyBytes)
    if (!body.ok) throw new MockServiceError('INVALID_REQUEST', body.problem)
    return body.value
  }
  const fields: Record<string, string> = {}
  let count = 0
  for (const [name, value] of new URLSearchParams(text)) {
    count += 1
    if (count > MAX_FORM_FIELDS) {
      throw new MockServiceError('INVALID_REQUEST', `Malformed form body: more than ${MAX_FORM_FIELDS} fields.`)
    }
    if (value.length > MAX_FORM_VALUE || name.length > 256) {
      throw new MockServiceError(
        'INVALID_REQUEST',
        `Malformed form body: the field "${name.slice(0, 40)}" is longer than ${MAX_FORM_VALUE} characters.`,
      )
    }
    // The client's `schema` part (an EmbeddedModelSchema) describes the form; the service does not read it.
    if (name !== 'schema' && !(name in fields)) fields[name] = value
  }
  return fields
}

import { MockServiceError } from '../errors.js'
import type { OperationResult } from '../operations/define-operation.js'
import { utf8Length } from '../wire/utf8-length.js'

/** The content type of JSON answers. */
const JSON_TYPE = 'application/json'
/** The content type of text answers (errors, deleted ids, health). */
const TEXT_TYPE = 'text/plain; charset=utf-8'

/**
 * A finished answer: what a transport writes as it is. `body` is text, or
 * UTF-8 bytes for an answer given again from the read cache.
 */
export type Answer =
  | {
      readonly status: number
      readonly contentType?: string
      readonly body?: string | Uint8Array
      /** The length in bytes of the body a GET would carry, on an answer to HEAD (which carries none). */
      readonly contentLength?: number
    }
  | { readonly networkError: true }

/**
 * The finished answer of an operation's result: JSON serialized, text as it is,
 * and no body for a 204.
 *
 * @example
 * toAnswer(json({ id })) // { status: 200, contentType: 'application/json', body: '{"id":…}' }
 */
export function toAnswer(result: OperationResult): Answer {
  if ('json' in result) return { status: result.status, contentType: JSON_TYPE, body: JSON.stringify(result.json) }
  if ('text' in result) return { status: result.status, contentType: TEXT_TYPE, body: result.text }
  return { status: result.status }
}

/**
 * A text answer.
 *
 * @example
 * textAnswer(404, 'No operation of the service answers GET /nowhere.')
 */
export function textAnswer(status: number, text: string): Answer {
  return { status, contentType: TEXT_TYPE, body: text }
}

/**
 * The answer for an error thrown while handling a request: a domain error's
 * status and message, anything else a 500 with a message and no stack trace.
 *
 * @example
 * errorAnswer(new MockServiceError('GONE', 'Asset no longer exists and is Gone.')) // 410
 */
export function errorAnswer(error: unknown): Answer {
  if (error instanceof MockServiceError) return textAnswer(error.status, error.message)
  const message = error instanceof Error ? error.message : String(error)
  return textAnswer(500, `Internal error in the mock service: ${message}`)
}

/**
 * The answer to a HEAD: the GET's status and headers, its length included, and no body.
 *
 * @example
 * headAnswer(textAnswer(200, 'ok')) // { status: 200, contentType: 'text/plain; charset=utf-8', contentLength: 2 }
 */
export function headAnswer(answer: Answer): Answer {
  if ('networkError' in answer || answer.body === undefined) return answer
  const { body, ...head } = answer
  return { ...head, contentLength: typeof body === 'string' ? utf8Length(body) : body.byteLength }
}

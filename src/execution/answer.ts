import { MockServiceError } from '../errors.js'
import type { OperationResult } from '../operations/define/define-operation.js'
import { utf8Length } from '../wire/json/utf8-length.js'
import { fitsIn, type KnownSizes } from '../wire/json/json-size.js'
import { JsonPieces } from './json-pieces.js'

/** The content type of JSON answers. */
const JSON_TYPE = 'application/json'
/** The content type of text answers (errors, deleted ids, health). */
const TEXT_TYPE = 'text/plain; charset=utf-8'

/**
 * A JSON answer larger than this many characters is written out in pieces
 * ({@link JsonPieces}) rather than built as one string; smaller ones are one
 * string, which the read cache can keep.
 */
const WHOLE_ANSWER_CHARS = 1024 * 1024

/**
 * A finished answer: what a transport writes as it is. `body` is text, UTF-8
 * bytes for an answer given again from the read cache, or the pieces of a
 * large JSON answer, written one after another. `live` is instead a
 * long-lived body (the MCP server's Server-Sent Events), written as it comes
 * until it ends or the client goes away (which cancels it); the read cache
 * never keeps it and the journal keeps its status, not its bytes.
 */
export type Answer =
  | {
      readonly status: number
      readonly contentType?: string
      readonly body?: string | Uint8Array | JsonPieces
      /** The length in bytes of the body a GET would carry, on an answer to HEAD (which carries none). */
      readonly contentLength?: number
      /** Headers beyond the content type and the service's CORS headers (`cache-control: no-cache`, `allow`). */
      readonly headers?: Readonly<Record<string, string>>
      /** A long-lived body written as it comes; an answer has it or `body`, never both. */
      readonly live?: ReadableStream<Uint8Array>
    }
  | { readonly networkError: true }

/**
 * The finished answer of an operation's result: JSON serialized, text as it is,
 * a body handed on with its own content type, headers and stream, and no body
 * for a 204. `known` is the sizes of the wire forms the renderer kept.
 *
 * @example
 * toAnswer(json({ id })) // { status: 200, contentType: 'application/json', body: '{"id":…}' }
 */
export function toAnswer(result: OperationResult, known?: KnownSizes): Answer {
  if ('json' in result) return jsonAnswer(result.status, result.json, known)
  if ('text' in result) return { status: result.status, contentType: TEXT_TYPE, body: result.text }
  if ('handedOn' in result) {
    const { contentType, headers, text, live } = result.handedOn
    return {
      status: result.status,
      ...(contentType !== undefined && { contentType }),
      ...(headers !== undefined && { headers }),
      ...(live ? { live } : text !== undefined && text !== '' && { body: text }),
    }
  }
  return { status: result.status }
}

/**
 * A JSON answer: one string, or, past 1 MiB, the pieces of one, so that no
 * answer is ever built whole however many records it lists. The text is the
 * same either way. With `known` (what the wire renderer keeps of its forms),
 * a wire form read again is not walked again to tell which, and a form
 * answered whole before (a record read by its id) is not serialized again.
 *
 * @example
 * jsonAnswer(200, { iterable: [] }) // { status: 200, contentType: 'application/json', body: '{"iterable":[]}' }
 */
export function jsonAnswer(status: number, value: unknown, known?: KnownSizes): Answer {
  const form = typeof value === 'object' && value !== null ? value : undefined
  let body = form && known?.textOf(form)
  if (body === undefined) {
    if (!fitsIn(value, WHOLE_ANSWER_CHARS, known))
      return { status, contentType: JSON_TYPE, body: new JsonPieces(value) }
    body = JSON.stringify(value)
    if (form) known?.written(form, body)
  }
  return { status, contentType: JSON_TYPE, body }
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
  if ('networkError' in answer) return answer
  if (answer.live) {
    // A HEAD reads no body: the stream a GET would have been answered with is let go at once.
    answer.live.cancel().catch(() => undefined)
    const { status, contentType, headers } = answer
    return { status, ...(contentType !== undefined && { contentType }), ...(headers !== undefined && { headers }) }
  }
  if (answer.body === undefined) return answer
  const { body, ...head } = answer
  return { ...head, contentLength: bodyLength(body) }
}

/**
 * A body as one string: for a transport that can only send a whole body (a
 * Playwright route), or to read an answer in a test.
 *
 * @example
 * JSON.parse(bodyText(answer.body))
 */
export function bodyText(body: string | Uint8Array | JsonPieces): string {
  if (typeof body === 'string') return body
  if (body instanceof JsonPieces) return [...body].join('')
  return new TextDecoder().decode(body)
}

/**
 * A body's length in bytes as it goes on the wire (UTF-8 for text), in every runtime, counted without
 * encoding it; a large answer's pieces are measured one at a time.
 *
 * @example
 * bodyLength('héllo') // 6
 */
export function bodyLength(body: string | Uint8Array | JsonPieces): number {
  if (typeof body === 'string') return utf8Length(body)
  // Bytes may come from another realm's Uint8Array (a jsdom test environment's TextEncoder): not `instanceof` here.
  if (!(body instanceof JsonPieces)) return body.byteLength
  let length = 0
  for (const piece of body) length += utf8Length(piece)
  return length
}

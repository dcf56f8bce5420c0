import type { Answer } from '../../execution/answer.js'
import { JsonPieces } from '../../execution/json-pieces.js'
import { SERVICE_CORS_HEADERS } from './service-cors.js'

/** The content type of a body whose answer names none. */
const OCTET_STREAM = 'application/octet-stream'

/**
 * An answer as every transport writes it: a status, headers and a body, a
 * body to stream, or a network error. `headers` is a new object each time,
 * the transport's to add its own framing to (the `content-length` of a whole
 * body, which the standalone server and MSW count with `bodyLength`);
 * `stream` is a large answer's text piece by piece, each piece built when it
 * is asked for; `live` a long-lived body (Server-Sent Events) to write as it
 * comes, each chunk sent at once, and to cancel when the client goes away.
 */
export type HttpReply =
  | { readonly networkError: true }
  | {
      readonly status: number
      readonly headers: Record<string, string>
      /** The whole body; none on an empty answer or a HEAD. */
      readonly body?: string | Uint8Array
      /** The body in pieces, to write as the client takes them (never built whole). */
      readonly stream?: Iterable<string>
      /** A long-lived body, written chunk by chunk as it comes until it ends; cancelled when the client goes away. */
      readonly live?: ReadableStream<Uint8Array>
    }

const NETWORK_ERROR: HttpReply = Object.freeze({ networkError: true })

/**
 * The reply of an answer: the service's CORS headers when `open` (any answer
 * but the control API's), the answer's own headers, the content type of a
 * body, a HEAD's `content-length` with no body, a large JSON answer as a
 * stream of its pieces, a long-lived answer as its live stream, and an
 * injected network error as one.
 *
 * @example
 * httpReply(textAnswer(410, 'Asset no longer exists and is Gone.'), true)
 * // { status: 410, headers: { 'access-control-allow-origin': '*', …, 'content-type': 'text/plain; charset=utf-8' }, body: '…' }
 */
export function httpReply(answer: Answer, open: boolean): HttpReply {
  if ('networkError' in answer) return NETWORK_ERROR
  const { status, body, live } = answer
  const headers = open ? corsHeaders() : {}
  if (answer.headers) Object.assign(headers, answer.headers)
  if (live) {
    headers['content-type'] = answer.contentType ?? OCTET_STREAM
    return { status, headers, live }
  }
  if (body === undefined) {
    if (answer.contentType !== undefined) headers['content-type'] = answer.contentType
    if (answer.contentLength === undefined) return { status, headers }
    // A HEAD: the GET's headers, its length included, and no body.
    headers['content-type'] = answer.contentType ?? OCTET_STREAM
    headers['content-length'] = String(answer.contentLength)
    return { status, headers }
  }
  headers['content-type'] = answer.contentType ?? OCTET_STREAM
  return body instanceof JsonPieces ? { status, headers, stream: body } : { status, headers, body }
}

/** The service's CORS headers as a new literal: the standalone server adds to it on every answer, so it is never spread. */
function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': SERVICE_CORS_HEADERS['access-control-allow-origin'],
    'access-control-allow-methods': SERVICE_CORS_HEADERS['access-control-allow-methods'],
    'access-control-allow-headers': SERVICE_CORS_HEADERS['access-control-allow-headers'],
  }
}

import type { ServerResponse } from 'node:http'
import { errorAnswer, type Answer } from '../../execution/answer.js'
import { JsonPieces } from '../../execution/json-pieces.js'

/** Sent with every answer, so a browser app on another origin can call the mock. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, HEAD, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, application, x-application-id, x-mock-session',
} as const

/**
 * Writes an answer to its response: JSON or text with its length and, unless
 * `openToAll` is false (the control API), the CORS headers that let any page
 * read it; an empty answer; or, for an injected network error, a destroyed
 * connection.
 *
 * @example
 * writeAnswer(response, textAnswer(410, 'Asset no longer exists and is Gone.'), true)
 */
function writeAnswer(response: ServerResponse, answer: Answer, openToAll: boolean): void {
  if ('networkError' in answer) {
    response.socket?.destroy()
    return
  }
  const { body } = answer
  if (body === undefined && answer.contentLength !== undefined) {
    // A HEAD: the GET's headers, no body.
    response.writeHead(answer.status, headersOf(answer.contentType ?? 'application/octet-stream', answer.contentLength))
    response.end()
    return
  }
  if (body === undefined) {
    if (openToAll) response.writeHead(answer.status, CORS_HEADERS)
    else response.writeHead(answer.status)
    response.end()
    return
  }
  const contentType = answer.contentType ?? 'application/octet-stream'
  if (body instanceof JsonPieces) {
    // A large answer goes out in chunks as the socket takes them, never built whole.
    const headers = openToAll ? { ...CORS_HEADERS, 'content-type': contentType } : { 'content-type': contentType }
    response.writeHead(answer.status, headers)
    writePieces(response, body)
    return
  }
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
  response.writeHead(
    answer.status,
    openToAll ? headersOf(contentType, length) : { 'content-type': contentType, 'content-length': length },
  )
  response.end(body)
}

/** Answers waiting for the end of the event-loop turn that computed them. */
export interface AnswerBatch {
  /** Queues an answer; `openToAll` false leaves out `access-control-allow-origin: *` (the control API's answers). */
  add(response: ServerResponse, result: Answer, openToAll?: boolean): void
}

/**
 * Writes answers at the end of the event-loop turn that computed them, all
 * together. Under load the answers to the requests read in one turn then
 * leave back to back, and the client, woken by the first, finds the others
 * ready, instead of being woken once for each (see decisions/0004-performance.md).
 * A single request waits for nothing: its turn ends as soon as it is answered.
 *
 * @example
 * const answers = createAnswerBatch()
 * answers.add(response, { status: 204 })
 */
export function createAnswerBatch(): AnswerBatch {
  let pending: Array<[ServerResponse, Answer, boolean]> = []
  const flush = () => {
    const batch = pending
    pending = []
    for (const [response, result, openToAll] of batch) {
      // Answered earlier in this batch (a failure after its answer was queued queues a 500 as well).
      if (response.writableEnded) continue
      try {
        writeAnswer(response, result, openToAll)
      } catch (error) {
        // One answer that cannot be written does not hold up the others: it becomes a 500, or,
        // when its headers already went out or the 500 cannot be written either, a closed connection.
        try {
          if (response.headersSent) response.destroy()
          else writeAnswer(response, errorAnswer(error), openToAll)
        } catch {
          response.destroy()
        }
      }
    }
  }
  return {
    add(response, result, openToAll = true) {
      pending.push([response, result, openToAll])
      if (pending.length === 1) setImmediate(flush)
    },
  }
}

/**
 * Writes a large answer's pieces with the socket's backpressure: the next
 * piece is built only once the socket has taken the last, so at most about
 * one piece waits in memory. A client that goes away stops the writing; a
 * piece that cannot be built closes the connection (the status is sent).
 */
function writePieces(response: ServerResponse, body: JsonPieces): void {
  const pieces = body[Symbol.iterator]()
  let stopped = false
  response.once('close', () => {
    stopped = true
  })
  const pump = (): void => {
    try {
      while (!stopped) {
        const next = pieces.next()
        if (next.done === true) {
          response.end()
          return
        }
        if (!response.write(next.value)) {
          response.once('drain', pump)
          return
        }
      }
    } catch {
      response.destroy()
    }
  }
  pump()
}

/** The headers of a JSON or text answer, built as one literal rather than spread from a shared object. */
function headersOf(contentType: string, length: number): Record<string, string | number> {
  return {
    'access-control-allow-origin': CORS_HEADERS['access-control-allow-origin'],
    'access-control-allow-methods': CORS_HEADERS['access-control-allow-methods'],
    'access-control-allow-headers': CORS_HEADERS['access-control-allow-headers'],
    'content-type': contentType,
    'content-length': length,
  }
}

import type { ServerResponse } from 'node:http'
import { httpReply } from '../../core/http-surface/http-reply.js'
import { bodyLength, errorAnswer, type Answer } from '../../execution/answer.js'
import type { RequestMarks } from '../../execution/request-marks.js'

/**
 * Writes an answer to its response as the service's HTTP surface replies it
 * (the CORS headers that let any page read it unless `openToAll` is false,
 * the control API's; a HEAD's length with no body): a whole body with its
 * length, a large answer's pieces as the socket takes them, a live answer
 * chunk by chunk as it comes, or, for an injected network error, a destroyed
 * connection. With `marks`, it marks when the answer was written (its head,
 * for a streamed one) and a streamed answer's first and last piece.
 *
 * @example
 * writeAnswer(response, textAnswer(410, 'Asset no longer exists and is Gone.'), true)
 */
function writeAnswer(response: ServerResponse, answer: Answer, openToAll: boolean, marks?: RequestMarks): void {
  const reply = httpReply(answer, openToAll)
  if ('networkError' in reply) {
    response.socket?.destroy()
    return
  }
  const { status, headers, body, stream, live } = reply
  if (live) {
    response.writeHead(status, headers)
    // An event stream's first event goes out at once, not when a buffer fills.
    response.flushHeaders()
    if (marks) marks.written = performance.now()
    void writeLive(response, live, marks)
    return
  }
  if (stream) {
    // A large answer goes out in chunks as the socket takes them, never built whole.
    response.writeHead(status, headers)
    if (marks) marks.written = performance.now()
    writePieces(response, stream, marks)
    return
  }
  if (body === undefined) {
    response.writeHead(status, headers)
    response.end()
    if (marks) marks.written = performance.now()
    return
  }
  // The headers are this reply's own: the length is added to them, not to a copy.
  const framed: Record<string, string | number> = headers
  framed['content-length'] = bodyLength(body)
  response.writeHead(status, framed)
  response.end(body)
  if (marks) marks.written = performance.now()
}

/** Answers waiting for the end of the event-loop turn that computed them. */
export interface AnswerBatch {
  /**
   * Queues an answer; `openToAll` false leaves out `access-control-allow-origin: *` (the control API's answers);
   * `marks`, the request's moments, are marked as the answer is written.
   */
  add(response: ServerResponse, result: Answer, openToAll?: boolean, marks?: RequestMarks): void
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
  let pending: Array<[ServerResponse, Answer, boolean, RequestMarks | undefined]> = []
  const flush = () => {
    const batch = pending
    pending = []
    for (const [response, result, openToAll, marks] of batch) {
      // Answered earlier in this batch (a failure after its answer was queued queues a 500 as well).
      if (response.writableEnded) continue
      try {
        writeAnswer(response, result, openToAll, marks)
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
    add(response, result, openToAll = true, marks) {
      pending.push([response, result, openToAll, marks])
      if (pending.length === 1) setImmediate(flush)
    },
  }
}

/**
 * Writes a large answer's pieces with the socket's backpressure: the next
 * piece is built only once the socket has taken the last, so at most about
 * one piece waits in memory, and only on a later turn of the event loop, so
 * other clients are answered between the pieces of a large list however fast
 * this client reads. A client that goes away stops the writing; a piece that
 * cannot be built closes the connection (the status is sent).
 */
function writePieces(response: ServerResponse, stream: Iterable<string>, marks?: RequestMarks): void {
  const pieces = stream[Symbol.iterator]()
  let stopped = false
  response.once('close', () => {
    stopped = true
    pieces.return?.()
  })
  const later = (): void => void setImmediate(pump)
  const pump = (): void => {
    if (stopped) return
    try {
      const next = pieces.next()
      if (next.done === true) {
        response.end()
        return
      }
      const written = response.write(next.value)
      if (marks) markPiece(marks)
      if (written) later()
      else response.once('drain', later)
    } catch {
      response.destroy()
    }
  }
  pump()
}

/**
 * Writes a live answer (Server-Sent Events) chunk by chunk as it comes, each
 * chunk sent at once (chunked encoding), with the socket's backpressure,
 * until it ends. A client that goes away cancels the stream, which frees
 * what it held; a stream that fails closes the connection.
 */
async function writeLive(
  response: ServerResponse,
  live: ReadableStream<Uint8Array>,
  marks: RequestMarks | undefined,
): Promise<void> {
  const reader = live.getReader()
  response.once('close', () => void reader.cancel().catch(() => undefined))
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (response.destroyed) return
      const written = response.write(value)
      if (marks) markPiece(marks)
      if (!written) await drainedOrClosed(response)
    }
    response.end()
  } catch {
    response.destroy()
  }
}

/** Settles once the socket takes more, or the client is gone. */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done)
      response.off('close', done)
      resolve()
    }
    response.on('drain', done)
    response.on('close', done)
  })
}

/** Marks a piece of a streamed answer written now: the first, and the last so far. */
function markPiece(marks: RequestMarks): void {
  const now = performance.now()
  marks.firstPiece ??= now
  marks.lastPiece = now
}

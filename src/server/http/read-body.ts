import type { IncomingMessage, ServerResponse } from 'node:http'
import { MockServiceError } from '../../errors.js'
import { bodyTooLarge } from '../../execution/body-limit.js'
import type { BodyBudget } from './body-budget.js'

/**
 * Reads a request body as UTF-8 text, refusing one larger than `limit` bytes
 * (by its content-length, or as it arrives) with a PAYLOAD_TOO_LARGE error,
 * and one that would take the bodies being read past `budget` with a
 * SERVER_BUSY error. The bytes are taken from the budget as they are
 * announced or arrive, and given back once the body is read or abandoned.
 * GET and HEAD bodies are drained and read as empty. A client that sent
 * `Expect: 100-continue` is told to go on (through `response`) only once its
 * body is to be read: one refused by its length, or by the budget, gets its
 * answer without a `100 Continue` first.
 *
 * @example
 * const body = await readBody(request, 16 * 1024 * 1024, createBodyBudget(64 * 1024 * 1024), response)
 */
export function readBody(
  request: IncomingMessage,
  limit: number,
  budget?: BodyBudget,
  response?: ServerResponse,
): Promise<string> {
  if (drainsBodyless(request)) return Promise.resolve('')
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > limit) {
    request.resume()
    return Promise.reject(bodyTooLarge(limit))
  }
  // What this body holds of the budget: its declared length at once, or what arrives when none is declared.
  let taken = 0
  if (budget && declared > 0) {
    if (!budget.take(declared)) {
      request.resume()
      return Promise.reject(busy(budget.limit))
    }
    taken = declared
  }
  if (response && /^100-continue$/i.test(request.headers.expect ?? '')) response.writeContinue()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = (error: Error | undefined, text?: string) => {
      if (settled) return
      settled = true
      budget?.give(taken)
      taken = 0
      if (error) {
        request.removeAllListeners('data')
        request.resume()
        reject(error)
      } else {
        resolve(text!)
      }
    }
    request.on('data', (chunk: Buffer) => {
      if (settled) return
      size += chunk.length
      if (size > limit) return settle(bodyTooLarge(limit))
      if (budget && size > taken) {
        if (!budget.take(size - taken)) return settle(busy(budget.limit))
        taken = size
      }
      chunks.push(chunk)
    })
    request.on('end', () =>
      settle(undefined, (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')),
    )
    request.on('error', (error) => settle(error))
    // A client gone before the end of its body: nothing more comes, and its bytes go back to the budget.
    // Every request closes once answered: the error (and its stack trace) is built only when one is cut short.
    request.on('close', () => {
      if (!settled) settle(new Error('The client closed the connection before the end of its request body.'))
    })
  })
}

/**
 * Drains the body of a GET or HEAD, which is read as empty, and says so;
 * leaves any other request's body to be read.
 *
 * @example
 * const body = drainsBodyless(request) ? '' : await readBody(request, limit)
 */
export function drainsBodyless(request: IncomingMessage): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  request.resume()
  return true
}

function busy(limit: number): MockServiceError {
  return new MockServiceError(
    'SERVER_BUSY',
    `The server is already reading ${limit} bytes of request bodies, its limit (maxBodyBytesInFlight). Retry once the others are done.`,
  )
}

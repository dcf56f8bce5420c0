import { maxHeaderSize } from 'node:http'
import type { Duplex } from 'node:stream'

/** The limits a refusal names. */
export interface ClientErrorLimits {
  readonly headersTimeoutMs: number
  readonly requestTimeoutMs: number
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
}

/**
 * Creates the `clientError` handler of the standalone server: it answers a
 * request the HTTP parser refused with 431 (headers too large), 408 (too slow
 * to arrive), 413 (chunk extensions too large) or 400, each with a plain-text
 * message, then destroys the connection: ending it alone would leave the
 * socket half-closed for as long as the client keeps its side open.
 *
 * @example
 * server.on('clientError', clientErrorAnswerer({ headersTimeoutMs: 10_000, requestTimeoutMs: 60_000 }))
 */
export function clientErrorAnswerer(limits: ClientErrorLimits): (error: Error, socket: Duplex) => void {
  return (error, socket) => {
    // Nothing is written once an answer has begun on this connection: it would corrupt it.
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (socket.writable && !answering?.headersSent) {
      const [status, text] = refusalOf(error as Error & { code?: string; reason?: string }, limits)
      const body = Buffer.from(text)
      socket.write(
        `HTTP/1.1 ${status} ${REASONS[status]}\r\ncontent-type: text/plain; charset=utf-8\r\n` +
          `content-length: ${body.byteLength}\r\nconnection: close\r\n\r\n${text}`,
      )
    }
    socket.destroy()
  }
}

function refusalOf(error: Error & { code?: string; reason?: string }, limits: ClientErrorLimits): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, `The request line and headers are larger than ${maxHeaderSize} bytes, the limit.`]
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [
        408,
        `The request did not arrive in time: its headers must arrive within ${limits.headersTimeoutMs} ms and the whole request within ${limits.requestTimeoutMs} ms.`,
      ]
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'The chunk extensions of the request body are too large.']
    default:
      return [400, `Malformed HTTP request${error.code ? ` (${error.code})` : ''}: ${error.reason ?? error.message}.`]
  }
}

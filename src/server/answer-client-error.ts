import type { Duplex } from 'node:stream'

/**
 * Answers a request the HTTP parser refused, or one that timed out, then
 * destroys its connection: ending it alone would leave the socket half-closed
 * for as long as the client keeps its side open.
 *
 * @example
 * server.on('clientError', answerClientError)
 */
export function answerClientError(_error: Error, socket: Duplex): void {
  // Nothing is written once an answer has begun on this connection: it would corrupt it.
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !answering?.headersSent) {
    socket.write('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n')
  }
  socket.destroy()
}

import type { Server as HttpServer } from 'node:http'
import { WebSocketServer } from 'ws'
import { IDENTIFIER_STREAM_PATHS, type IdentifierStream } from '../events/identifier-frames.js'
import type { IdentifierHub } from '../events/identifier-hub.js'

const STREAM_BY_PATH = new Map(
  (Object.entries(IDENTIFIER_STREAM_PATHS) as Array<[IdentifierStream, string]>).map(([stream, path]) => [
    path,
    stream,
  ]),
)

/**
 * Serves the identifier streams over real WebSockets (`ws`) on the HTTP
 * server's own port. Returns the function that closes every stream client.
 * With `log`, each connection and each close is one line, e.g.
 * `WS /conversations/stream/identifiers connected (1 open)`.
 *
 * @example
 * const closeStreams = attachStreamServer(httpServer, service.hub, console.log)
 */
export function attachStreamServer(server: HttpServer, hub: IdentifierHub, log?: (line: string) => void): () => void {
  const sockets = new WebSocketServer({ noServer: true })
  server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '/').split('?')[0]!
    const stream = STREAM_BY_PATH.get(path)
    if (!stream) {
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nNo stream here.')
      return
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      const disconnect = hub.connect(stream, {
        send: (frame) => client.send(frame),
        close: (code, reason) => client.close(code, reason),
      })
      client.on('error', disconnect)
      client.on('close', (code) => {
        disconnect()
        log?.(`WS ${path} closed ${code} (${sockets.clients.size} open)`)
      })
      log?.(`WS ${path} connected (${sockets.clients.size} open)`)
    })
  })
  return () => {
    for (const client of sockets.clients) client.terminate()
    sockets.close()
  }
}

import type { Server as HttpServer } from 'node:http'
import { WebSocketServer } from 'ws'
import type { MockService } from '../core/create-mock-service.js'
import { unimplementedStreamText } from '../routes/client-coverage.js'

/**
 * Serves the service's streams over real WebSockets (`ws`) on the HTTP
 * server's own port: each connection opens a session of the stream at its
 * path, which hears the frames the client sends. A stream of the official
 * client the mock does not serve refuses the upgrade with 501 naming it;
 * any other path with 404. Returns the function that closes every client.
 * With `log`, each connection and each close is one line, e.g.
 * `WS /conversations/stream/identifiers connected (1 open)`.
 *
 * @example
 * const closeStreams = attachStreamServer(httpServer, service, console.log)
 */
export function attachStreamServer(server: HttpServer, service: MockService, log?: (line: string) => void): () => void {
  const sockets = new WebSocketServer({ noServer: true })
  server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '/').split('?')[0]!
    const endpoint = service.streamAt(path)
    if (!endpoint) {
      const unimplemented = unimplementedStreamText(path)
      const [status, text] = unimplemented
        ? ['501 Not Implemented', unimplemented]
        : ['404 Not Found', 'No stream here.']
      socket.end(
        `HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      )
      return
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      const session = endpoint.open({
        send: (frame) => client.send(frame),
        close: (code, reason) => client.close(code, reason),
      })
      client.on('message', (data, binary) => {
        if (!binary) session.receive(data.toString())
      })
      client.on('error', () => session.leave())
      client.on('close', (code) => {
        session.leave()
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

import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { IDENTIFIER_STREAM_PATHS, type IdentifierStream } from '../events/identifier-frames.js'
import type { IdentifierHub } from '../events/identifier-hub.js'

const STREAM_BY_PATH = new Map(
  (Object.entries(IDENTIFIER_STREAM_PATHS) as Array<[IdentifierStream, string]>).map(([stream, path]) => [
    path,
    stream,
  ]),
)

/** An upgrade the server refuses, with the status and message it answers. */
export interface UpgradeRefusal {
  readonly status: number
  readonly text: string
}

/** How the stream server decides which upgrades it takes. */
export interface StreamServerOptions {
  /** Why an upgrade request is refused (too many connections, a foreign page), or undefined to go on. */
  refusal?(request: IncomingMessage, socket: Duplex): UpgradeRefusal | undefined
}

/**
 * Serves the identifier streams over real WebSockets (`ws`) on the HTTP
 * server's own port. Returns the function that closes every stream client.
 *
 * @example
 * const closeStreams = attachStreamServer(httpServer, service.hub)
 */
export function attachStreamServer(
  server: HttpServer,
  hub: IdentifierHub,
  options: StreamServerOptions = {},
): () => void {
  const sockets = new WebSocketServer({ noServer: true })
  server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '/').split('?')[0]!
    const stream = STREAM_BY_PATH.get(path)
    const refusal = options.refusal?.(request, socket) ?? (stream ? undefined : NO_STREAM)
    if (refusal || !stream) {
      refuseUpgrade(socket, refusal ?? NO_STREAM)
      return
    }
    sockets.handleUpgrade(request, socket, head, (client) => {
      const disconnect = hub.connect(stream, {
        send: (frame) => client.send(frame),
        close: (code, reason) => client.close(code, reason),
      })
      client.on('close', disconnect)
      client.on('error', disconnect)
    })
  })
  return () => {
    for (const client of sockets.clients) client.terminate()
    sockets.close()
  }
}

const NO_STREAM: UpgradeRefusal = { status: 404, text: 'No stream here.' }

const REASONS: Record<number, string> = { 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' }

/** Answers an upgrade request with a plain-text refusal and closes its connection. */
function refuseUpgrade(socket: Duplex, { status, text }: UpgradeRefusal): void {
  const body = Buffer.from(text)
  // Destroyed once written: an ended socket would stay half-open while the client keeps its side.
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Refused'}\r\ncontent-type: text/plain; charset=utf-8\r\n` +
      `content-length: ${body.byteLength}\r\nconnection: close\r\n\r\n${text}`,
    () => socket.destroy(),
  )
}

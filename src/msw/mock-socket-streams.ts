import { Server, WebSocket as MockWebSocket } from 'mock-socket'
import type { IdentifierStream } from '../events/identifier-frames.js'
import type { IdentifierHub } from '../events/identifier-hub.js'

/** The identifier streams served in-process by mock-socket. */
export interface MockSocketStreams {
  /** The WebSocket class that reaches these streams (mock-socket's). */
  readonly WebSocket: typeof MockWebSocket
  /** Closes every client connection and frees the URLs. */
  close(): void
}

/**
 * Serves the identifier streams in-process with mock-socket servers at the
 * service's `ws://` URLs. It does not touch `globalThis.WebSocket`; see
 * `installWebSocket()` for that.
 *
 * @example
 * const urls = streamUrlsOf('http://localhost:39300')
 * const streams = startMockSocketStreams(hub, urls)
 * new streams.WebSocket(urls.conversations)
 */
export function startMockSocketStreams(
  hub: IdentifierHub,
  urls: Readonly<Record<IdentifierStream, string>>,
): MockSocketStreams {
  const servers = (Object.keys(urls) as IdentifierStream[]).map((stream) => {
    const server = new Server(urls[stream], { mock: false })
    server.on('connection', (socket) => {
      const disconnect = hub.connect(stream, {
        send: (frame) => socket.send(frame),
        close: (code, reason) => socket.close({ code, reason, wasClean: true }),
      })
      socket.on('close', disconnect)
    })
    return server
  })
  return {
    WebSocket: MockWebSocket,
    close() {
      for (const server of servers) {
        server.close({ code: 1001, reason: 'The mock service closed.', wasClean: true })
        server.stop()
      }
    },
  }
}

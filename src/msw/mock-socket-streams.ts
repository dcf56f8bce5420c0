import { Server, WebSocket as MockWebSocket } from 'mock-socket'
import type { StreamEndpoint } from '../events/stream-endpoint.js'

/** The streams served in-process by mock-socket. */
export interface MockSocketStreams {
  /** The WebSocket class that reaches these streams (mock-socket's). */
  readonly WebSocket: typeof MockWebSocket
  /** Closes every client connection and frees the URLs. */
  close(): void
}

/**
 * Serves the service's streams in-process with mock-socket servers at their
 * `ws://` URLs under `wsBase`: each connection opens a session of its stream,
 * which hears the frames the client sends. A stream's server is made when
 * the first socket to its URL is constructed (a test that opens no stream
 * makes none). It does not touch `globalThis.WebSocket`; see
 * `installWebSocket()` for that.
 *
 * @example
 * const streams = startMockSocketStreams(service.streams, 'ws://localhost:39300')
 * new streams.WebSocket('ws://localhost:39300/conversations/stream/identifiers')
 */
export function startMockSocketStreams(endpoints: readonly StreamEndpoint[], wsBase: string): MockSocketStreams {
  const byUrl = new Map(endpoints.map((endpoint) => [hrefOf(`${wsBase}${endpoint.path}`), endpoint]))
  const servers = new Map<StreamEndpoint, Server>()
  let closed = false
  const serve = (url: string | URL) => {
    const endpoint = byUrl.get(hrefOf(url))
    if (closed || !endpoint || servers.has(endpoint)) return
    servers.set(endpoint, streamServer(endpoint, `${wsBase}${endpoint.path}`))
  }
  /** mock-socket's WebSocket, with the server of its URL made before it connects. */
  class StreamWebSocket extends MockWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      serve(url)
      super(url, protocols)
    }
  }
  return {
    WebSocket: StreamWebSocket,
    close() {
      closed = true
      for (const server of servers.values()) {
        server.close({ code: 1001, reason: 'The mock service closed.', wasClean: true })
        server.stop()
      }
      servers.clear()
    },
  }
}

/** A mock-socket server at `url` whose every connection is a session of the stream. */
function streamServer(endpoint: StreamEndpoint, url: string): Server {
  const server = new Server(url, { mock: false })
  server.on('connection', (socket) => {
    const session = endpoint.open({
      send: (frame) => socket.send(frame),
      close: (code, reason) => socket.close({ code, reason, wasClean: true }),
    })
    socket.on('message', (data) => {
      if (typeof data === 'string') session.receive(data)
      else session.receiveBinary?.(byteLengthOf(data))
    })
    // mock-socket hands the client's close event, with its code and reason, though its types say nothing.
    const onClose = (event?: { code?: number; reason?: string }) => session.leave(event?.code, event?.reason)
    socket.on('close', onClose as () => void)
  })
  return server
}

/** A URL as mock-socket and the WebSocket router compare it; an unparsable one as given. */
function hrefOf(url: string | URL): string {
  try {
    return new URL(String(url)).href
  } catch {
    return String(url)
  }
}

/** The size of a binary frame as mock-socket hands it: a Blob, an ArrayBuffer or a view of one. */
function byteLengthOf(data: Blob | ArrayBuffer | ArrayBufferView): number {
  return data instanceof Blob ? data.size : data.byteLength
}

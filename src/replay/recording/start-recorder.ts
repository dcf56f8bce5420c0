import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer } from 'ws'
import { createUpstreamForwarder } from './create-upstream-forwarder.js'
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from './forward-request.js'
import { createHarWriter } from './har-writer.js'
import { proxyHttp } from './proxy-http.js'
import { proxyStream } from './proxy-stream.js'
import type { ProxyTarget } from './proxy-target.js'
import { upstreamUrl } from './upstream-url.js'

/** Most bytes of stream messages the open streams keep for the HAR together, by default. */
const DEFAULT_MAX_KEPT_STREAM_BYTES = 64 * 1024 * 1024

/** How `startRecorder` proxies and records. */
export interface RecorderOptions {
  /** The service to record, e.g. http://localhost:39300. */
  readonly upstream: string
  /** The HAR file to write (replaced). */
  readonly out: string
  /** Port to listen on (default 0: a free one). */
  readonly port?: number
  /** Address to bind (default 127.0.0.1). */
  readonly host?: string
  /** Keep credentials (authorization, cookies, tokens in bodies) in the file; redacted by default. */
  readonly keepSecrets?: boolean
  /** Who wrote the file, for the HAR's `creator`. */
  readonly version?: string
  /** How long the upstream has to answer a request whole or accept a stream, in ms (default 30 000); past it 504. */
  readonly upstreamTimeoutMs?: number
  /** Most requests waiting on the upstream at once (default 64); past it a request answers 503, not sent. */
  readonly maxPendingUpstream?: number
  /**
   * Most bytes of stream messages the open streams keep for the HAR together (default 64 MiB):
   * past it a message is passed on and not recorded, counted in the entry's
   * `_webSocketMessagesNotRecorded`.
   */
  readonly maxKeptStreamBytes?: number
  /** Told one line per exchange recorded. */
  readonly log?: (line: string) => void
}

/** A recording proxy, listening. */
export interface Recorder {
  /** Where clients send their requests instead of the upstream, e.g. http://127.0.0.1:39301. */
  readonly url: string
  readonly port: number
  /** Exchanges written so far (a stream counts once it closes). */
  readonly entries: number
  /** Closes every stream (writing their entries), stops listening and closes the HAR file. */
  close(): Promise<void>
}

/**
 * Serves as a transparent proxy to a real service and writes every exchange
 * to a HAR 1.2 file as it goes: each HTTP answer once sent, each WebSocket
 * connection (`_webSocketMessages`, both directions) once it closes.
 *
 * @example
 * const recorder = await startRecorder({ upstream: 'http://localhost:39300', out: 'session.har', port: 39301 })
 * // … point the client at recorder.url …
 * await recorder.close()
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const keepSecrets = options.keepSecrets === true
  const har = createHarWriter(options.out, { name: 'conversation-asset-mock', version: options.version ?? '0' })
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS
  const forwarder = createUpstreamForwarder(options.upstream, { timeoutMs, maxPending: options.maxPendingUpstream })
  const kept = { bytes: 0, maxKeptBytes: options.maxKeptStreamBytes ?? DEFAULT_MAX_KEPT_STREAM_BYTES }
  const target: ProxyTarget = {
    upstream: options.upstream,
    forwarder,
    timeoutMs,
    har,
    keepSecrets,
    kept,
    log: options.log,
  }
  const server = createServer((request, response) => {
    proxyHttp(request, response, target).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(
        `The recorder failed to forward the request: ${error instanceof Error ? error.message : String(error)}.`,
      )
    })
  })
  // The streams still open, each by the function that writes its entry and closes it.
  const streams = new Set<() => void>()
  const sockets = new WebSocketServer({ noServer: true })
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const destination = upstreamUrl(target.upstream, request.url ?? '/')
    if ('refusal' in destination) return refuseOnSocket(socket, destination.refusal)
    sockets.handleUpgrade(request, socket, head, (client) =>
      streams.add(proxyStream(request, client, destination.url, target, (finish) => streams.delete(finish))),
    )
  })
  // A target Node's parser cannot read (an authority-form one among them): 400 saying so, nothing forwarded.
  server.on('clientError', (error: Error, socket: Socket) => {
    if (socket.writable)
      refuseOnSocket(socket, `Failed to read the request: ${error.message}. Send a plain path such as /assets.`)
    else socket.destroy()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((error: unknown) => {
    har.close()
    throw error
  })
  const { port } = server.address() as AddressInfo
  const host = options.host ?? '127.0.0.1'
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get entries() {
      return har.count
    },
    close() {
      for (const finish of [...streams]) finish()
      sockets.close()
      return new Promise((resolve) => {
        server.close(() => {
          har.close()
          resolve()
        })
        server.closeAllConnections()
      })
    },
  }
}

/** Answers a request refused before it reached a handler (an upgrade, an unreadable one) with a 400 saying why, and ends the connection. */
function refuseOnSocket(socket: Socket, refusal: string): void {
  const body = Buffer.from(refusal)
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.byteLength}\r\nConnection: close\r\n\r\n${refusal}`,
  )
}

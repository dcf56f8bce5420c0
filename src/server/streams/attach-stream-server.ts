import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import type { ServicePort } from '../../core/service-port.js'
import type { UpgradeRefusal } from '../../core/upgrade-refusal.js'
import type { StreamEndpoint } from '../../events/stream-endpoint.js'
import { MockServiceError } from '../../errors.js'
import { serveUpgradeAsHttp } from '../http/serve-upgrade-as-http.js'
import { tooManyStreamClients } from './too-many-stream-clients.js'

/** The largest frame a stream client may send. */
const MAX_CLIENT_FRAME_BYTES = 1024 * 1024

/** Why a stream client was dropped: it stopped reading, or stopped answering pings. */
export type StreamDropReason = 'slow' | 'unresponsive'

/**
 * What the stream server serves an upgrade by: a service's streams, and the
 * promise its first scenario is loaded by, when it has one (a session's mock
 * made for this upgrade): no client is opened before it settles.
 */
export type StreamTarget = Pick<ServicePort, 'streamAt' | 'refuseUpgrade'> & Partial<Pick<ServicePort, 'ready'>>

/** How the stream server decides which upgrades it takes, which clients it keeps, and what it logs. */
export interface StreamServerOptions {
  /**
   * The service an upgrade is served by, when not the one given (a mock
   * session's), or undefined to refuse the upgrade with 400 (a session id
   * that is not valid).
   */
  serviceFor?(request: IncomingMessage): StreamTarget | undefined
  /** Why an upgrade request is refused (a foreign page), or undefined to go on. */
  refusal?(request: IncomingMessage, socket: Duplex): UpgradeRefusal | undefined
  /**
   * Most stream clients open at once (default 1024), counted apart from the
   * HTTP server's connections: an upgrade past it is refused with 503 and a
   * message naming the limit, before anything is opened.
   */
  maxClients?: number
  /** A client with more than this many bytes waiting to be sent is closed with 1013 (default 4 MiB). */
  bufferLimitBytes?: number
  /** Every client is pinged this often; one that has not answered the previous ping is dropped (default 30 s). */
  pingIntervalMs?: number
  /** Hears of each client dropped. */
  onDrop?(reason: StreamDropReason): void
  /** Each connection and each close as one line, e.g. `WS /conversations/stream/identifiers connected (1 open)`. */
  log?(line: string): void
}

const INVALID_SESSION = 'The mock session id is not valid: use 1 to 64 letters, digits, ".", "_" or "-".'
const DEFAULT_BUFFER_LIMIT = 4 * 1024 * 1024
const DEFAULT_MAX_CLIENTS = 1024
const DEFAULT_PING_INTERVAL_MS = 30_000

/**
 * Serves the service's streams over real WebSockets (`ws`) on the HTTP
 * server's own port: each connection opens a session of the stream at its
 * path, which hears the frames the client sends. A stream of the official
 * client the mock does not serve refuses the upgrade with 501 naming it;
 * any other path with 404; an upgrade to another protocol (h2c) is declined
 * and its request served as HTTP/1.1. A client that stops reading is closed
 * once more than `bufferLimitBytes` wait for it, and one that misses a ping
 * is dropped, so neither holds memory. At most `maxClients` are open at
 * once (past it an upgrade is refused with 503), and a client is opened once
 * its service is ready, so its first frame reads the loaded records.
 * Returns the function that closes every client.
 *
 * @example
 * const closeStreams = attachStreamServer(httpServer, portOf(service), { log: console.log })
 */
export function attachStreamServer(
  server: HttpServer,
  service: StreamTarget,
  options: StreamServerOptions = {},
): () => void {
  const { log } = options
  // ws (and the https, zlib and crypto it loads) is loaded on the first upgrade taken: a start-up answers no stream.
  let sockets: WebSocketServer | undefined
  let loading: Promise<WebSocketServer> | undefined
  let closed = false
  const socketServer = () => (loading ??= createSocketServer().then((created) => (sockets = created)))
  const bufferLimit = options.bufferLimitBytes ?? DEFAULT_BUFFER_LIMIT
  // Clients that have answered the last ping (or connected since).
  const answered = new WeakSet<WebSocket>()
  const ping = setInterval(() => {
    for (const client of sockets?.clients ?? []) {
      if (!answered.has(client)) {
        client.terminate()
        options.onDrop?.('unresponsive')
        continue
      }
      answered.delete(client)
      client.ping()
    }
  }, options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS)
  ping.unref()

  const maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS
  // Upgrades taken, from their admission until their socket closes: those still opening count too.
  let admitted = 0

  /** Opens a client of an endpoint on a socket its upgrade was taken on. */
  function open(endpoint: StreamEndpoint, path: string, client: WebSocket): void {
    answered.add(client)
    client.on('pong', () => answered.add(client))
    let dropped = false
    const session = endpoint.open({
      send(frame) {
        if (dropped) return
        if (client.bufferedAmount <= bufferLimit) return client.send(frame)
        // It stopped reading: no more frames for it; the close frame waits behind what it has not read.
        dropped = true
        session.leave()
        client.close(1013, 'Stream client too slow: reconnect and read the frames as they come.')
        options.onDrop?.('slow')
      },
      close: (code, reason) => client.close(code, reason),
    })
    client.on('message', (data, binary) => {
      if (dropped) return
      if (binary) session.receiveBinary?.(byteLengthOf(data))
      else session.receive(data.toString())
    })
    client.on('error', () => session.leave())
    client.on('close', (code, reason) => {
      session.leave(code, reason.toString())
      log?.(`WS ${path} closed ${code} (${sockets?.clients.size ?? 0} open)`)
    })
    log?.(`WS ${path} connected (${sockets?.clients.size ?? 0} open)`)
  }

  server.on('upgrade', (request, socket, head) => {
    // Only WebSocket upgrades are taken; any other (h2c) is declined and the request served as HTTP/1.1.
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
      serveUpgradeAsHttp(server, request, socket, head)
      return
    }
    const path = (request.url ?? '/').split('?')[0]!
    // Every refusal is journaled by the service, which also words the refusal of a path it serves no stream at.
    const refusal = options.refusal?.(request, socket)
    if (refusal) return refuseUpgrade(socket, service.refuseUpgrade(path, refusal))
    if (admitted >= maxClients) {
      return refuseUpgrade(socket, service.refuseUpgrade(path, { status: 503, text: tooManyStreamClients(maxClients) }))
    }
    admitted++
    socket.once('close', () => admitted--)
    const target = options.serviceFor ? options.serviceFor(request) : service
    if (!target) return refuseUpgrade(socket, { status: 400, text: INVALID_SESSION })
    const endpoint = target.streamAt(path)
    if (!endpoint) return refuseUpgrade(socket, target.refuseUpgrade(path))
    // A session's mock made for this upgrade loads its scenario first: its first frame reads those records.
    const upgrade = (ws: WebSocketServer) => {
      if (closed) return socket.destroy()
      ws.handleUpgrade(request, socket, head, (client) => open(endpoint, path, client))
    }
    if (sockets && target.ready === undefined) return upgrade(sockets)
    Promise.all([socketServer(), target.ready]).then(
      ([ws]) => upgrade(ws),
      (error: unknown) => refuseUpgrade(socket, target.refuseUpgrade(path, notStarted(error))),
    )
  })
  return () => {
    closed = true
    clearInterval(ping)
    if (!sockets) return
    for (const client of sockets.clients) closeGoingAway(client)
    sockets.close()
  }
}

/** The WebSocket server upgrades are handed to: a client's frame is a QGPTStreamInput at most, so one past 1 MiB closes its connection (1009). */
async function createSocketServer(): Promise<WebSocketServer> {
  const { WebSocketServer } = await import('ws')
  return new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES })
}

/** How long a stream client has to answer the server's close frame on shutdown before its connection is cut. */
const GOING_AWAY_GRACE_MS = 1000

/** Closes a client with 1001 (going away), as a stopping server does, and cuts it if it does not answer in time. */
function closeGoingAway(client: WebSocket): void {
  client.close(1001, 'The mock is shutting down.')
  setTimeout(() => client.terminate(), GOING_AWAY_GRACE_MS).unref()
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
}

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

/**
 * The refusal of an upgrade whose session's mock failed to load its first
 * scenario: what a request to it answers (507 with the store budget's
 * message, say), or 500 naming the failure.
 */
function notStarted(error: unknown): UpgradeRefusal {
  if (error instanceof MockServiceError) return { status: error.status, text: error.message }
  const message = error instanceof Error ? error.message : String(error)
  return { status: 500, text: `Internal error in the mock service: ${message}` }
}

/** The size of a frame as ws hands it: one buffer, its fragments, or an ArrayBuffer. */
function byteLengthOf(data: Buffer | ArrayBuffer | Buffer[]): number {
  return Array.isArray(data) ? data.reduce((total, part) => total + part.byteLength, 0) : data.byteLength
}

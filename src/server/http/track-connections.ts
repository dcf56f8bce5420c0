import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** The open connections of an HTTP server, and which of them are answering a request. */
export interface ConnectionTracker {
  /** How many HTTP connections are open (a connection that became a stream client no longer counts). */
  readonly size: number
  /**
   * Whether a connection that came past the cap and has now sent a whole
   * request is refused: it is admitted instead when
   * an idle connection can be closed to make room for it. A refused one's
   * request is answered 503 and it is closed.
   */
  refuses(socket: Socket): boolean
  /** Counts a request as in flight on its connection until its response closes. */
  answering(request: IncomingMessage, response: ServerResponse): void
  /**
   * Stops the connections for a shutdown: those answering no request
   * (idle keep-alive, a client that sent nothing or half its headers) at
   * once, the others as soon as their answers are out, and whatever is
   * left after `timeoutMs` (a body that never ends, a client that stopped
   * reading) then.
   */
  shutdown(timeoutMs: number): void
}

/** How long a connection past the cap may take to send its request before it is dropped. */
const REFUSED_GRACE_MS = 1000

/**
 * How long a connection must have been idle (no request in flight: one
 * still sending its headers, or a keep-alive between requests) before it may
 * be closed for a client that sent a whole request: a client that just
 * connected gets that long to send its own.
 */
const MIN_IDLE_MS = 100

/**
 * Tracks every connection of `server`, so a shutdown can end the stalled
 * ones itself instead of waiting for Node's header and request timeouts,
 * and caps how many are open, so descriptors run out for no client.
 *
 * A connection past `maxConnections` waits (a second at most) for its
 * request. Clients that send whole requests promptly are not starved by
 * slow ones holding the connections: once its request is in, the
 * connection idle the longest (a client still trickling its headers, or a
 * keep-alive between requests) is closed to make room for it. Only when
 * every connection is answering a request is it refused (503); one that
 * sends nothing is dropped. A connection is closed so only once idle for
 * `minIdleMs` (default 100 ms). A WebSocket upgrade leaves the count at
 * once, even from past the cap: stream clients have a cap of their own
 * (`maxStreamClients`), so idle streams never take HTTP's connections.
 *
 * @example
 * const connections = trackConnections(server, 1024)
 * server.close()
 * connections.shutdown(10_000)
 */
export function trackConnections(
  server: Server,
  maxConnections: number,
  { minIdleMs = MIN_IDLE_MS }: { minIdleMs?: number } = {},
): ConnectionTracker {
  const table = createConnectionTable(minIdleMs)
  const waiting = new WeakSet<Socket>()
  let stopping = false
  /** A response's `close` listener, one for all: its answer is out (or its client gone). */
  function answered(this: ServerResponse): void {
    const socket = this.req.socket
    // The server is stopping and nothing more is in flight on the connection: nothing more will come on it.
    if (table.end(socket) === 0 && stopping) socket.destroy()
  }

  server.on('connection', (socket: Socket) => {
    if (table.has(socket) || waiting.has(socket)) return
    if (table.size < maxConnections) return table.track(socket)
    waiting.add(socket)
    socket.setTimeout(REFUSED_GRACE_MS, () => socket.destroy())
  })
  server.on('upgrade', (request: IncomingMessage, socket: Socket) => {
    // A WebSocket upgrade becomes a stream client, counted by the stream server's own cap from now on.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') {
      if (waiting.delete(socket)) socket.setTimeout(0)
      table.forget(socket)
      return
    }
    // Another protocol (h2c) is served as HTTP/1.1 on the same connection, which is never closed as idle.
    queueMicrotask(() => table.has(socket) && table.busy(socket))
  })

  return {
    get size() {
      return table.size
    },
    refuses(socket) {
      if (!waiting.has(socket)) return false
      if (stopping || !table.closeLongestIdle()) return true
      waiting.delete(socket)
      socket.setTimeout(0)
      table.track(socket)
      return false
    },
    answering(request, response) {
      if (table.begin(request.socket)) response.on('close', answered)
    },
    shutdown(timeoutMs) {
      stopping = true
      table.shutdown(timeoutMs)
    },
  }
}

/** The open connections, how many requests each is answering, and which are idle since when. */
interface ConnectionTable {
  readonly size: number
  has(socket: Socket): boolean
  /** Starts tracking a connection, idle from now until it closes. */
  track(socket: Socket): void
  /** Marks a connection busy without a request counted (an h2c upgrade's): it is never closed as idle. */
  busy(socket: Socket): void
  /** Stops counting a connection (it became a stream client); its close is no longer tracked either. */
  forget(socket: Socket): void
  /** Counts a request begun on the connection: it is busy until it is answered. False for a connection not tracked. */
  begin(socket: Socket): boolean
  /** Counts a request answered; the connection is idle from now when none is left. Returns how many are left (-1: untracked). */
  end(socket: Socket): number
  /** Closes the connection idle the longest, when one has been idle long enough; whether one was. */
  closeLongestIdle(): boolean
  /** Closes the connections answering nothing now, and whatever is left after `timeoutMs`. */
  shutdown(timeoutMs: number): void
}

/** One open connection: how many of its requests are being answered, and since when it is idle. */
interface Connection {
  requests: number
  /** When its last request was answered (or it opened); never for an h2c upgrade's, which is never idle. */
  idleSince: number
}

/** The idle time of a connection that is never idle (an h2c upgrade's). */
const NEVER_IDLE = Number.POSITIVE_INFINITY

function createConnectionTable(minIdleMs: number): ConnectionTable {
  // Each open connection's state, made once when it opens: a request changes its fields, not the table.
  const open = new Map<Socket, Connection>()
  let deadline: NodeJS.Timeout | undefined
  /** A tracked socket's `close` listener, one for all. */
  function closed(this: Socket): void {
    open.delete(this)
    if (open.size === 0 && deadline) clearTimeout(deadline)
  }
  return {
    get size() {
      return open.size
    },
    has: (socket) => open.has(socket),
    track(socket) {
      open.set(socket, { requests: 0, idleSince: performance.now() })
      socket.once('close', closed)
    },
    forget(socket) {
      if (open.delete(socket)) socket.off('close', closed)
    },
    busy(socket) {
      const connection = open.get(socket)
      if (connection) connection.idleSince = NEVER_IDLE
    },
    begin(socket) {
      const connection = open.get(socket)
      if (!connection) return false
      connection.requests++
      return true
    },
    end(socket) {
      const connection = open.get(socket)
      if (!connection) return -1
      const left = --connection.requests
      if (left === 0 && connection.idleSince !== NEVER_IDLE) connection.idleSince = performance.now()
      return left
    },
    closeLongestIdle() {
      // Only a connection past the cap asks: a walk of the open connections then, none on each request.
      let oldest: Socket | undefined
      let since = NEVER_IDLE
      for (const [socket, connection] of open) {
        if (connection.requests === 0 && connection.idleSince < since) {
          oldest = socket
          since = connection.idleSince
        }
      }
      if (!oldest || performance.now() - since < minIdleMs) return false
      open.delete(oldest)
      oldest.destroy()
      return true
    },
    shutdown(timeoutMs) {
      for (const [socket, connection] of open) if (connection.requests === 0) socket.destroy()
      if (open.size === 0) return
      deadline = setTimeout(() => {
        for (const socket of open.keys()) socket.destroy()
      }, timeoutMs)
    },
  }
}

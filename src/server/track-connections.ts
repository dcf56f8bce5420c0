import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** The open connections of an HTTP server, and which of them are answering a request. */
export interface ConnectionTracker {
  /** How many connections are open (stream clients included). */
  readonly size: number
  /** Whether a connection came past the cap: its request is answered 503 and it is closed. */
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
 * Tracks every connection of `server`, so a shutdown can end the stalled
 * ones itself instead of waiting for Node's header and request timeouts,
 * and caps how many are open: one past `maxConnections` is refused (its
 * request answered 503 by the caller, or dropped after a second when none
 * comes), so descriptors run out for no client.
 *
 * @example
 * const connections = trackConnections(server, 1024)
 * server.close()
 * connections.shutdown(10_000)
 */
export function trackConnections(server: Server, maxConnections: number): ConnectionTracker {
  // Each open connection, with how many of its requests are being answered.
  const open = new Map<Socket, number>()
  const refused = new WeakSet<Socket>()
  let stopping = false
  let deadline: NodeJS.Timeout | undefined

  server.on('connection', (socket: Socket) => {
    if (open.has(socket) || refused.has(socket)) return
    if (open.size >= maxConnections) {
      refused.add(socket)
      socket.setTimeout(REFUSED_GRACE_MS, () => socket.destroy())
      return
    }
    open.set(socket, 0)
    socket.once('close', () => {
      open.delete(socket)
      if (open.size === 0 && deadline) clearTimeout(deadline)
    })
  })

  return {
    get size() {
      return open.size
    },
    refuses: (socket) => refused.has(socket),
    answering(request, response) {
      const socket = request.socket
      open.set(socket, (open.get(socket) ?? 0) + 1)
      response.once('close', () => {
        const left = (open.get(socket) ?? 1) - 1
        if (!open.has(socket)) return
        open.set(socket, left)
        // Its answer is out and the server is stopping: nothing more will come on it.
        if (stopping && left === 0) socket.destroy()
      })
    },
    shutdown(timeoutMs) {
      stopping = true
      for (const [socket, requests] of open) if (requests === 0) socket.destroy()
      if (open.size === 0) return
      deadline = setTimeout(() => {
        for (const socket of open.keys()) socket.destroy()
      }, timeoutMs)
    },
  }
}

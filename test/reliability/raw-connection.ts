import { once } from 'node:events'
import { connect, type Socket } from 'node:net'

/** A TCP connection to a test server, written to by hand, with what came back. */
export interface RawConnection {
  readonly socket: Socket
  /** Everything received so far, as latin1 text. */
  received(): string
  /** Resolves once what was received matches `pattern`, or rejects when the connection closes first. */
  until(pattern: RegExp): Promise<string>
  /** Resolves when the connection is closed (by either side). */
  readonly closed: Promise<void>
}

/**
 * Opens a connection to 127.0.0.1:`port` and writes `bytes` (nothing when
 * empty). With `allowHalfOpen`, the client keeps its side open after the
 * server's FIN, as a slow or hostile client may.
 */
export async function openRaw(
  port: number,
  bytes: string | Buffer = '',
  allowHalfOpen = false,
): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen })
  let received = ''
  const waiters = new Set<() => void>()
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1')
    for (const waiter of waiters) waiter()
  })
  socket.on('error', () => {})
  // Not events.once: it would reject on the socket's error, and a refused write is what some tests wait for.
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      for (const waiter of waiters) waiter()
      resolve()
    }),
  )
  await once(socket, 'connect')
  if (bytes.length > 0) socket.write(bytes)
  return {
    socket,
    received: () => received,
    closed,
    until(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(received)) {
            waiters.delete(check)
            resolve(received)
          } else if (socket.destroyed) {
            waiters.delete(check)
            reject(new Error(`The connection closed before ${pattern} came: ${JSON.stringify(received.slice(0, 300))}`))
          }
        }
        waiters.add(check)
        check()
      })
    },
  }
}

/**
 * Resolves once the other side has closed the connection for good: after its
 * FIN, keeps writing until the write is refused. A server that only ended its
 * side (a half-closed socket, FIN-WAIT-2 on its end) takes the bytes forever.
 */
export async function refusedWrites(connection: RawConnection): Promise<void> {
  const { socket } = connection
  if (!socket.readableEnded && !socket.destroyed) await once(socket, 'end')
  for (let writes = 0; !socket.destroyed; writes++) {
    if (writes === 10_000)
      throw new Error('The server still takes bytes on a connection it has ended: it is half-open.')
    await new Promise<void>((resolve) => socket.write('x', () => resolve()))
  }
}

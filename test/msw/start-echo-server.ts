import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

/** A real WebSocket server on a free port that sends every message back, prefixed with "echo: ". */
export interface EchoServer {
  readonly url: string
  close(): Promise<void>
}

/**
 * Starts the echo server on 127.0.0.1.
 *
 * @example
 * const echo = await startEchoServer()
 * new WebSocket(echo.url)
 */
export async function startEchoServer(): Promise<EchoServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo: ${String(data)}`)))
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}/echo`,
    close: () =>
      new Promise((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  }
}

/** A socket's first message after sending `text`, or the error event's message if it fails. */
export function echoOf(socket: WebSocket, text: string): Promise<string> {
  return new Promise((resolve) => {
    socket.addEventListener('open', () => socket.send(text))
    socket.addEventListener('message', (event) => resolve(String(event.data)))
    socket.addEventListener('error', () => resolve('error event'))
    socket.addEventListener('close', (event) => resolve(`closed ${event.code}`))
  })
}

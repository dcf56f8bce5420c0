import { once } from 'node:events'
import {
  createServer,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

/** A server on 127.0.0.1 that notes every request it receives. */
export interface LocalServer {
  readonly url: string
  readonly port: number
  /** `METHOD target` of each request received, in order. */
  readonly reached: string[]
  readonly server: Server
  close(): Promise<void>
}

/** Starts a server on 127.0.0.1 answering with `answer` (default: 200 `{"ok":true}`), noting what reaches it. */
export async function startLocalServer(
  answer: (request: IncomingMessage, response: ServerResponse) => void = (request, response) => {
    request.resume()
    response.setHeader('content-type', 'application/json')
    response.end('{"ok":true}')
  },
): Promise<LocalServer> {
  const reached: string[] = []
  const server = createServer((incoming, response) => {
    reached.push(`${incoming.method} ${incoming.url}`)
    answer(incoming, response)
  })
  server.on('upgrade', (incoming: IncomingMessage, socket) => {
    reached.push(`UPGRADE ${incoming.url}`)
    socket.destroy()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    reached,
    server,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** Sends `target` exactly as written (no URL normalising) and reads the status and text of the answer. */
export function sendRaw(
  base: string,
  method: string,
  target: string,
  headers: OutgoingHttpHeaders = {},
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, method, path: target, headers }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => resolve({ status: incoming.statusCode!, text: Buffer.concat(chunks).toString() }))
    })
    outgoing.on('upgrade', () => reject(new Error(`${target} was upgraded`)))
    outgoing.on('error', reject)
    outgoing.end()
  })
}

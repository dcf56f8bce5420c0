import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'

/** A service that answers as `inner` does, except where it differs on purpose. */
export interface ScriptedUpstream {
  readonly url: string
  close(): Promise<void>
}

type Json = Record<string, unknown>

/**
 * Forwards to a mock and changes four things on purpose: `GET /websites`
 * answers 500, `GET /assets` leaves the first asset's `mechanism` out, the
 * second `GET /conversations` lists the conversations in reverse, and the
 * conversation identifiers stream sends its first frame twice; the rest,
 * streams both ways included, is forwarded as it is.
 */
export async function startScriptedUpstream(inner: string): Promise<ScriptedUpstream> {
  let conversationLists = 0
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      void (async () => {
        const answer = await fetch(`${inner}${request.url}`, {
          method: request.method,
          headers: { 'content-type': 'application/json' },
          ...(body.byteLength > 0 && { body }),
        })
        let text = await answer.text()
        let status = answer.status
        if (request.method === 'GET' && request.url === '/websites') status = 500
        if (request.method === 'GET' && request.url === '/assets') {
          const assets = JSON.parse(text) as { iterable: Json[] }
          delete assets.iterable[0]!.mechanism
          text = JSON.stringify(assets)
        }
        if (request.method === 'GET' && request.url === '/conversations' && ++conversationLists === 2) {
          const conversations = JSON.parse(text) as { iterable: Json[] }
          conversations.iterable.reverse()
          text = JSON.stringify(conversations)
        }
        response.writeHead(status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' })
        response.end(text)
      })()
    })
  })
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (client, request) => {
    const upstream = new WebSocket(`${inner.replace(/^http/, 'ws')}${request.url}`)
    const opened = once(upstream, 'open')
    client.on('message', (data) => void opened.then(() => upstream.send(String(data))))
    let first = request.url === '/conversations/stream/identifiers'
    upstream.on('message', (data) => {
      client.send(String(data))
      if (first) client.send(String(data))
      first = false
    })
    client.on('close', () => upstream.close())
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const client of sockets.clients) client.terminate()
      sockets.close()
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}

// The baseline: a bare node:http server (and a bare `ws` server for the
// identifier streams) that answers with bytes recorded from the mock: status,
// headers and body of each route, the first frame of each stream. It reads
// request bodies to the end first, as any server must, and can broadcast a
// recorded frame to a stream's clients when a route is asked for (a write's
// change frame). It records the bytes itself (the `mirror` calls), so the
// bench does not ship them over IPC.
import { createServer } from 'node:http'
import { WebSocket, WebSocketServer } from 'ws'
import { answerCalls } from './child.mjs'

/** How long a mirrored stream may take to send its first frame. */
const FIRST_FRAME_MS = 5000
const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])
const routes = new Map()
const firstFrames = new Map()
const broadcasts = new Map()
const sockets = new WebSocketServer({ noServer: true })
const clientsOf = new Map()

const server = createServer((request, response) => {
  const key = `${request.method} ${request.url.split('?')[0]}`
  const answer = routes.get(key)
  const send = () => {
    if (!answer) {
      response.writeHead(404, { 'content-type': 'text/plain' })
      response.end('not found')
      return
    }
    const broadcast = broadcasts.get(key)
    if (broadcast) for (const client of clientsOf.get(broadcast.path) ?? []) client.send(broadcast.frame)
    response.writeHead(answer.status, answer.headers)
    response.end(answer.body)
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    request.resume()
    send()
  } else {
    request.on('data', () => undefined)
    request.on('end', send)
  }
})

server.on('upgrade', (request, socket, head) => {
  const path = request.url.split('?')[0]
  const first = firstFrames.get(path)
  if (first === undefined) {
    socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n')
    return
  }
  sockets.handleUpgrade(request, socket, head, (client) => {
    const clients = clientsOf.get(path) ?? new Set()
    clientsOf.set(path, clients)
    clients.add(client)
    client.on('close', () => clients.delete(client))
    client.send(first)
  })
})

answerCalls({
  /** Records each `{ method, path, body? }` of `routes` as the mock at `base` answers it. */
  async mirror({ base, routes: wanted, concurrency = 8 }) {
    let next = 0
    let bytes = 0
    const worker = async () => {
      while (next < wanted.length) {
        const route = wanted[next++]
        const response = await fetch(new URL(route.path, base), {
          method: route.method,
          ...(route.body !== undefined && { body: route.body, headers: { 'content-type': 'application/json' } }),
        })
        const body = Buffer.from(await response.arrayBuffer())
        const headers = {}
        for (const [name, value] of response.headers) if (!DROPPED_HEADERS.has(name)) headers[name] = value
        routes.set(`${route.method} ${route.path}`, { status: response.status, headers, body })
        bytes += body.length
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    return { routes: routes.size, bytes }
  },
  /** Records the first frame of each stream path at the mock's `wsBase`. */
  async mirrorStreams({ wsBase, paths }) {
    for (const path of paths) {
      const frame = await new Promise((resolve, reject) => {
        const socket = new WebSocket(`${wsBase}${path}`)
        // A stream that sends nothing on connect has no first frame to mirror: say so rather than wait.
        const timer = setTimeout(() => {
          socket.terminate()
          reject(
            new Error(
              `Failed to mirror the stream ${path}: no first frame came within ${FIRST_FRAME_MS} ms. Mirror only streams that send one on connect.`,
            ),
          )
        }, FIRST_FRAME_MS)
        socket.once('message', (data) => {
          clearTimeout(timer)
          socket.close()
          resolve(data.toString('utf8'))
        })
        socket.once('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
      })
      firstFrames.set(path, frame)
    }
    return { streams: firstFrames.size }
  },
  /** From now on, answering `route` ("POST /path") first sends `frame` to every client of the stream at `path`. */
  broadcast({ route, path, frame }) {
    broadcasts.set(route, { path, frame })
    return { route }
  },
  close: () =>
    new Promise((resolve) => {
      for (const client of sockets.clients) client.terminate()
      server.close(resolve)
      server.closeAllConnections()
    }),
})
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` }))

import type { IncomingMessage } from 'node:http'
import { WebSocket, type RawData } from 'ws'
import type { HarWebSocketMessage } from '../har/har-types.js'
import { streamEntry } from './har-entry.js'
import type { ProxyTarget } from './proxy-target.js'

/** Most messages kept of one stream connection; later ones are forwarded, not recorded. */
const MAX_STREAM_MESSAGES = 10_000

/**
 * Connects a client's WebSocket to `destination` (the upstream's origin and
 * the request's path, from `upstreamUrl`) and passes the messages both ways,
 * keeping them; the connection's HAR entry is written when either side
 * closes, or when the returned `finish` is called. The upstream has
 * `target.timeoutMs` to accept the connection.
 *
 * @example
 * sockets.handleUpgrade(request, socket, head, (client) => open.add(proxyStream(request, client, destination, target)))
 */
export function proxyStream(
  request: IncomingMessage,
  client: WebSocket,
  destination: URL,
  target: ProxyTarget,
  onFinish: (finish: () => void) => void = () => {},
): () => void {
  const started = new Date()
  const path = request.url ?? '/'
  const url = new URL(destination.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  const upstream = new WebSocket(url, { handshakeTimeout: target.timeoutMs })
  const messages: HarWebSocketMessage[] = []
  const keep = (type: 'send' | 'receive', data: RawData, binary: boolean) => {
    if (messages.length >= MAX_STREAM_MESSAGES) return
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)
    const text = binary ? bytes.toString('base64') : bytes.toString('utf8')
    messages.push({ type, time: Date.now() / 1000, opcode: binary ? 2 : 1, data: text })
  }
  const pending: Array<{ data: RawData; binary: boolean }> = []
  client.on('message', (data, binary) => {
    keep('send', data, binary)
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary })
    else pending.push({ data, binary })
  })
  upstream.on('open', () => {
    for (const { data, binary } of pending.splice(0)) upstream.send(data, { binary })
  })
  upstream.on('message', (data, binary) => {
    keep('receive', data, binary)
    client.send(data, { binary })
  })
  let finished = false
  const finish = () => {
    if (finished) return
    finished = true
    onFinish(finish)
    if (client.readyState === WebSocket.OPEN) client.close(1000)
    if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) upstream.terminate()
    const elapsedMs = Date.now() - started.getTime()
    const stream = { started, elapsedMs, url: url.href, requestHeaders: request.headers, messages }
    target.har.add(streamEntry(stream, { keepSecrets: target.keepSecrets }))
    target.log?.(`stream ${path} closed (${messages.length} messages)`)
  }
  for (const side of [client, upstream]) {
    side.on('close', finish)
    side.on('error', finish)
  }
  return finish
}

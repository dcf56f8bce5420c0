import type { IncomingMessage } from 'node:http'
import { WebSocket, type RawData } from 'ws'
import type { HarWebSocketMessage } from '../har/har-types.js'
import { streamEntry } from './har-entry.js'
import type { ProxyTarget } from './proxy-target.js'

/** Most messages kept of one stream connection; later ones are forwarded, not recorded. */
const MAX_STREAM_MESSAGES = 10_000
/** Most bytes a client may send before the upstream accepts the connection; past it the client is closed (1009). */
const MAX_PENDING_BYTES = 4 * 1024 * 1024

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
  let keptBytes = 0
  let dropped = 0
  // Past the recorder's shared bound (or this stream's count), a message is passed on and not recorded.
  const keep = (type: 'send' | 'receive', data: RawData, binary: boolean) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)
    const size = binary ? Math.ceil(bytes.length / 3) * 4 : bytes.length
    if (messages.length >= MAX_STREAM_MESSAGES || target.kept.bytes + size > target.kept.maxKeptBytes) {
      dropped += 1
      return
    }
    target.kept.bytes += size
    keptBytes += size
    const text = binary ? bytes.toString('base64') : bytes.toString('utf8')
    messages.push({ type, time: Date.now() / 1000, opcode: binary ? 2 : 1, data: text })
  }
  const pending: Array<{ data: RawData; binary: boolean }> = []
  let pendingBytes = 0
  client.on('message', (data, binary) => {
    keep('send', data, binary)
    if (upstream.readyState === WebSocket.OPEN) return upstream.send(data, { binary })
    pendingBytes += Buffer.isBuffer(data) ? data.length : (data as ArrayBuffer).byteLength
    if (pendingBytes > MAX_PENDING_BYTES) return client.close(1009, 'Too much sent before the upstream accepted.')
    pending.push({ data, binary })
  })
  upstream.on('open', () => {
    pendingBytes = 0
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
    const stream = { started, elapsedMs, url: url.href, requestHeaders: request.headers, messages, dropped }
    target.har.add(streamEntry(stream, { keepSecrets: target.keepSecrets }))
    // Written: its messages leave the recorder's memory with this entry.
    target.kept.bytes -= keptBytes
    const left = dropped > 0 ? `, ${dropped} passed on and not recorded` : ''
    target.log?.(`stream ${path} closed (${messages.length} messages${left})`)
  }
  for (const side of [client, upstream]) {
    side.on('close', finish)
    side.on('error', finish)
  }
  return finish
}

import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'

/** Headers that only ask for the protocol switch the server declines. */
const SWITCH_HEADERS = new Set(['upgrade', 'http2-settings'])

/**
 * Serves a request that asked to switch protocols (`Upgrade: h2c` from curl
 * `--http2` or Java's HttpClient, say) as the plain HTTP/1.1 request it also
 * is, as the upgrade's own rules allow: the request is written back, without
 * the upgrade headers, in front of what the client sent after it, and the
 * connection handed to the HTTP server again.
 *
 * @example
 * server.on('upgrade', (request, socket, head) => serveUpgradeAsHttp(server, request, socket, head))
 */
export function serveUpgradeAsHttp(server: Server, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`]
  const raw = request.rawHeaders
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index]!
    const value = raw[index + 1]!
    const lower = name.toLowerCase()
    if (SWITCH_HEADERS.has(lower)) continue
    if (lower === 'connection') {
      const kept = value
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token !== '' && !SWITCH_HEADERS.has(token.toLowerCase()))
      if (kept.length > 0) lines.push(`${name}: ${kept.join(', ')}`)
      continue
    }
    lines.push(`${name}: ${value}`)
  }
  // Header values are latin1 as Node parsed them; the body bytes that came with the head follow unchanged.
  socket.unshift(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head]))
  server.emit('connection', socket)
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import type { HarWebSocketMessage } from '../har/har-types.js'
import { exchangeEntry, streamEntry } from './har-entry.js'
import { createHarWriter } from './har-writer.js'
import { forwardRequest } from './forward-request.js'

/** How `startRecorder` proxies and records. */
export interface RecorderOptions {
  /** The service to record, e.g. http://localhost:39300. */
  readonly upstream: string
  /** The HAR file to write (replaced). */
  readonly out: string
  /** Port to listen on (default 0: a free one). */
  readonly port?: number
  /** Address to bind (default 127.0.0.1). */
  readonly host?: string
  /** Keep credentials (authorization, cookies, tokens in bodies) in the file; redacted by default. */
  readonly keepSecrets?: boolean
  /** Who wrote the file, for the HAR's `creator`. */
  readonly version?: string
  /** Told one line per exchange recorded. */
  readonly log?: (line: string) => void
}

/** A recording proxy, listening. */
export interface Recorder {
  /** Where clients send their requests instead of the upstream, e.g. http://127.0.0.1:39301. */
  readonly url: string
  readonly port: number
  /** Exchanges written so far (a stream counts once it closes). */
  readonly entries: number
  /** Closes every stream (writing their entries), stops listening and closes the HAR file. */
  close(): Promise<void>
}

/** Largest request body forwarded (16 MiB); a larger one answers 413 and is not recorded. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024
/** Most messages kept of one stream connection; later ones are forwarded, not recorded. */
const MAX_STREAM_MESSAGES = 10_000

/**
 * Serves as a transparent proxy to a real service and writes every exchange
 * to a HAR 1.2 file as it goes: each HTTP answer once sent, each WebSocket
 * connection (`_webSocketMessages`, both directions) once it closes.
 *
 * @example
 * const recorder = await startRecorder({ upstream: 'http://localhost:39300', out: 'session.har', port: 39301 })
 * // … point the client at recorder.url …
 * await recorder.close()
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const keepSecrets = options.keepSecrets === true
  const har = createHarWriter(options.out, { name: 'conversation-asset-mock', version: options.version ?? '0' })
  const server = createServer((request, response) => {
    proxyHttp(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(
        `The recorder failed to forward the request: ${error instanceof Error ? error.message : String(error)}.`,
      )
    })
  })
  const streams = new Set<() => void>()
  const sockets = new WebSocketServer({ noServer: true })
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    sockets.handleUpgrade(request, socket, head, (client) => streams.add(proxyStream(request, client)))
  })

  async function proxyHttp(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = new Date()
    const body = await readWhole(request)
    if (body === undefined) {
      response.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(`The request body is larger than ${MAX_REQUEST_BYTES} bytes, the recorder's limit.`)
      return
    }
    const method = request.method ?? 'GET'
    const path = request.url ?? '/'
    const answer = await forwardRequest(options.upstream, { method, url: path, headers: request.headers, body })
    response.writeHead(answer.status, answer.statusText, answer.headers.flat() as string[])
    response.end(answer.body)
    har.add(
      exchangeEntry(
        {
          started,
          elapsedMs: Date.now() - started.getTime(),
          method,
          url: new URL(path, options.upstream).href,
          requestHeaders: request.headers,
          requestBody: body,
          status: answer.status,
          statusText: answer.statusText,
          responseHeaders: answer.headers,
          responseBody: answer.body,
        },
        { keepSecrets },
      ),
    )
    options.log?.(`${method} ${path} ${answer.status}`)
  }

  function proxyStream(request: IncomingMessage, client: WebSocket): () => void {
    const started = new Date()
    const path = request.url ?? '/'
    const url = new URL(path, options.upstream)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const upstream = new WebSocket(url)
    const messages: HarWebSocketMessage[] = []
    const keep = (type: 'send' | 'receive', data: RawData, binary: boolean) => {
      if (messages.length >= MAX_STREAM_MESSAGES) return
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)
      messages.push({
        type,
        time: Date.now() / 1000,
        opcode: binary ? 2 : 1,
        data: binary ? bytes.toString('base64') : bytes.toString('utf8'),
      })
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
      streams.delete(finish)
      if (client.readyState === WebSocket.OPEN) client.close(1000)
      if (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING) upstream.terminate()
      har.add(
        streamEntry(
          {
            started,
            elapsedMs: Date.now() - started.getTime(),
            url: url.href,
            requestHeaders: request.headers,
            messages,
          },
          { keepSecrets },
        ),
      )
      options.log?.(`stream ${path} closed (${messages.length} messages)`)
    }
    client.on('close', finish)
    upstream.on('close', finish)
    upstream.on('error', finish)
    client.on('error', finish)
    return finish
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((error: unknown) => {
    har.close()
    throw error
  })
  const { port } = server.address() as AddressInfo
  const host = options.host ?? '127.0.0.1'
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get entries() {
      return har.count
    },
    close() {
      for (const finish of [...streams]) finish()
      sockets.close()
      return new Promise((resolve) => {
        server.close(() => {
          har.close()
          resolve()
        })
        server.closeAllConnections()
      })
    },
  }
}

/** A request's whole body, or undefined past the limit. */
function readWhole(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.byteLength
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk)
    })
    request.on('end', () => resolve(size > MAX_REQUEST_BYTES ? undefined : Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

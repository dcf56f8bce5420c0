import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'

/** A request to send on to the upstream service. */
export interface ForwardedRequest {
  readonly method: string
  /** The path and query as the client sent them. */
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: Uint8Array | string
}

/** The upstream's answer, read whole. */
export interface ForwardedAnswer {
  readonly status: number
  readonly statusText: string
  /** Header names and values as the upstream sent them, in order. */
  readonly headers: ReadonlyArray<readonly [name: string, value: string]>
  readonly body: Buffer
}

/** Largest upstream answer read, in bytes (64 MiB); a larger one is cut off with a 502. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024

/** Headers that belong to one connection and are not sent on. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te'])

/**
 * Sends a request on to `upstream` (http or https) and reads its answer
 * whole; the `Host` header names the upstream. A network failure or an
 * answer past 64 MiB resolves as a 502 saying why, never a throw.
 *
 * @example
 * const answer = await forwardRequest('http://localhost:39300', { method: 'GET', url: '/assets', headers: {}, body: '' })
 */
export function forwardRequest(upstream: string, forwarded: ForwardedRequest): Promise<ForwardedAnswer> {
  const target = new URL(forwarded.url, upstream)
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(forwarded.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value
  }
  headers.host = target.host
  // Plain answers: a recording keeps readable bodies, and the client is answered without a second encoding.
  delete headers['accept-encoding']
  const body = typeof forwarded.body === 'string' ? Buffer.from(forwarded.body) : forwarded.body
  if (body.byteLength > 0) headers['content-length'] = String(body.byteLength)
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const outgoing = send(target, { method: forwarded.method, headers }, (incoming) => {
      const chunks: Buffer[] = []
      let size = 0
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.byteLength
        if (size > MAX_ANSWER_BYTES) {
          incoming.destroy()
          resolve(badGateway(`the answer of ${upstream} is larger than ${MAX_ANSWER_BYTES} bytes`))
          return
        }
        chunks.push(chunk)
      })
      incoming.on('error', (error) => resolve(badGateway(`${upstream} broke off its answer: ${error.message}`)))
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 502,
          statusText: incoming.statusMessage ?? '',
          headers: pairsOf(incoming.rawHeaders).filter(([name]) => !HOP_HEADERS.has(name.toLowerCase())),
          body: Buffer.concat(chunks),
        }),
      )
    })
    outgoing.on('error', (error) => resolve(badGateway(`${upstream} could not be reached: ${error.message}`)))
    outgoing.end(body)
  })
}

function pairsOf(raw: readonly string[]): Array<readonly [string, string]> {
  const pairs: Array<readonly [string, string]> = []
  for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([raw[index]!, raw[index + 1]!])
  return pairs
}

function badGateway(problem: string): ForwardedAnswer {
  return {
    status: 502,
    statusText: 'Bad Gateway',
    headers: [['content-type', 'text/plain; charset=utf-8']],
    body: Buffer.from(`The upstream did not answer: ${problem}.`),
  }
}

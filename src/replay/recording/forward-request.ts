import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { upstreamUrl } from './upstream-url.js'

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
  /** Set when the request was never sent (a refused target, too many pending, a client gone): the proxy's own answer. */
  readonly notSent?: true
}

/** How long the upstream has to answer whole, by default (30 s); past it the client is answered 504. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000

/** How one request is sent on. */
export interface ForwardOptions {
  /** How long the upstream has to answer whole (default 30 s); past it the answer is a 504. */
  readonly timeoutMs?: number | undefined
  /** Aborted when the client goes away: the upstream request is cancelled. */
  readonly signal?: AbortSignal | undefined
}

/** Largest upstream answer read, in bytes (64 MiB); a larger one is cut off with a 502. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024

/** Headers that belong to one connection and are not sent on. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te'])

/**
 * Sends a request on to `upstream` (http or https) and reads its answer
 * whole: the URL is the upstream's origin and the request's path, and the
 * `Host` header names the upstream. Never throws: a target that could leave
 * the upstream answers 400 (nothing sent), an upstream past `timeoutMs` 504,
 * a network failure or an answer past 64 MiB 502, each saying why; an
 * aborted `signal` cancels the upstream request.
 *
 * @example
 * const answer = await forwardRequest('http://localhost:39300', { method: 'GET', url: '/assets', headers: {}, body: '' })
 */
export function forwardRequest(
  upstream: string,
  forwarded: ForwardedRequest,
  options: ForwardOptions = {},
): Promise<ForwardedAnswer> {
  const destination = upstreamUrl(upstream, forwarded.url)
  if ('refusal' in destination)
    return Promise.resolve({ ...plainAnswer(400, 'Bad Request', destination.refusal), notSent: true })
  const target = destination.url
  const body = typeof forwarded.body === 'string' ? Buffer.from(forwarded.body) : forwarded.body
  const headers = outgoingHeaders(forwarded, target, body)
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS
  return new Promise((resolve) => {
    let settled = false
    const settle = (answer: ForwardedAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', cancel)
      resolve(answer)
    }
    const outgoing = send(target, { method: forwarded.method, headers }, (incoming) => {
      const chunks: Buffer[] = []
      let size = 0
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.byteLength
        if (size > MAX_ANSWER_BYTES) {
          incoming.destroy()
          settle(badGateway(`the answer of ${upstream} is larger than ${MAX_ANSWER_BYTES} bytes`))
          return
        }
        chunks.push(chunk)
      })
      incoming.on('error', (error) => settle(badGateway(`${upstream} broke off its answer: ${error.message}`)))
      incoming.on('end', () =>
        settle({
          status: incoming.statusCode ?? 502,
          statusText: incoming.statusMessage ?? '',
          headers: pairsOf(incoming.rawHeaders).filter(([name]) => !HOP_HEADERS.has(name.toLowerCase())),
          body: Buffer.concat(chunks),
        }),
      )
    })
    const timer = setTimeout(() => {
      settle(
        plainAnswer(
          504,
          'Gateway Timeout',
          `The upstream did not answer: ${upstream} took longer than ${timeoutMs} ms, and the request was cancelled.`,
        ),
      )
      outgoing.destroy()
    }, timeoutMs)
    const cancel = () => {
      settle(plainAnswer(499, 'Client Closed Request', 'The client went away; the upstream request was cancelled.'))
      outgoing.destroy()
    }
    if (options.signal?.aborted) cancel()
    else options.signal?.addEventListener('abort', cancel, { once: true })
    outgoing.on('error', (error) => settle(badGateway(`${upstream} could not be reached: ${error.message}`)))
    outgoing.end(body)
  })
}

/** The client's headers less the hop-by-hop ones, `Host` naming the upstream. */
function outgoingHeaders(
  forwarded: ForwardedRequest,
  target: URL,
  body: Uint8Array,
): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(forwarded.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value
  }
  headers.host = target.host
  // Plain answers: a recording keeps readable bodies, and the client is answered without a second encoding.
  delete headers['accept-encoding']
  if (body.byteLength > 0) headers['content-length'] = String(body.byteLength)
  return headers
}

function pairsOf(raw: readonly string[]): Array<readonly [string, string]> {
  const pairs: Array<readonly [string, string]> = []
  for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([raw[index]!, raw[index + 1]!])
  return pairs
}

function badGateway(problem: string): ForwardedAnswer {
  return plainAnswer(502, 'Bad Gateway', `The upstream did not answer: ${problem}.`)
}

function plainAnswer(status: number, statusText: string, text: string): ForwardedAnswer {
  return { status, statusText, headers: [['content-type', 'text/plain; charset=utf-8']], body: Buffer.from(text) }
}

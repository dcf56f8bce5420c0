import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ForwardedAnswer } from './forward-request.js'
import { exchangeEntry } from './har-entry.js'
import type { ProxyTarget } from './proxy-target.js'
import { upstreamUrl } from './upstream-url.js'

/** Largest request body forwarded (16 MiB); a larger one answers 413 and is not recorded. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024

/**
 * Forwards one HTTP request to the upstream, answers the client with the
 * upstream's answer, and appends the exchange to the HAR. A target that
 * could leave the upstream answers 400, and too many pending requests 503,
 * neither sent nor recorded; a client that goes away cancels its upstream
 * request.
 *
 * @example
 * createServer((request, response) => void proxyHttp(request, response, target))
 */
export async function proxyHttp(
  request: IncomingMessage,
  response: ServerResponse,
  target: ProxyTarget,
): Promise<void> {
  const started = new Date()
  const method = request.method ?? 'GET'
  const path = request.url ?? '/'
  const destination = upstreamUrl(target.upstream, path)
  if ('refusal' in destination) {
    request.resume()
    answerPlain(response, 400, destination.refusal)
    target.log?.(`${method} ${path} 400 (not forwarded)`)
    return
  }
  const body = await readWhole(request)
  if (body === undefined) {
    answerPlain(response, 413, `The request body is larger than ${MAX_REQUEST_BYTES} bytes, the recorder's limit.`)
    return
  }
  const gone = new AbortController()
  const abandoned = () => {
    if (!response.writableFinished) gone.abort()
  }
  response.once('close', abandoned)
  const answer = await target.forwarder.forward({ method, url: path, headers: request.headers, body }, gone.signal)
  response.off('close', abandoned)
  if (gone.signal.aborted) return
  response.writeHead(answer.status, answer.statusText, answer.headers.flat() as string[])
  response.end(answer.body)
  target.log?.(`${method} ${path} ${answer.status}${answer.notSent ? ' (not forwarded)' : ''}`)
  // The recorder's own refusal: nothing the upstream said, so nothing to replay.
  if (answer.notSent) return
  const exchange = { started, method, url: destination.url.href, request, body, answer }
  target.har.add(exchangeEntry(exchangeOf(exchange), { keepSecrets: target.keepSecrets }))
}

function exchangeOf(seen: {
  started: Date
  method: string
  url: string
  request: IncomingMessage
  body: Buffer
  answer: ForwardedAnswer
}) {
  return {
    started: seen.started,
    elapsedMs: Date.now() - seen.started.getTime(),
    method: seen.method,
    url: seen.url,
    requestHeaders: seen.request.headers,
    requestBody: seen.body,
    status: seen.answer.status,
    statusText: seen.answer.statusText,
    responseHeaders: seen.answer.headers,
    responseBody: seen.answer.body,
  }
}

function answerPlain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  response.end(text)
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

import type { IncomingMessage, ServerResponse } from 'node:http'
import { forwardRequest } from './forward-request.js'
import { exchangeEntry } from './har-entry.js'
import type { ProxyTarget } from './proxy-target.js'

/** Largest request body forwarded (16 MiB); a larger one answers 413 and is not recorded. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024

/**
 * Forwards one HTTP request to the upstream, answers the client with the
 * upstream's answer, and appends the exchange to the HAR.
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
  const body = await readWhole(request)
  if (body === undefined) {
    response.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' })
    response.end(`The request body is larger than ${MAX_REQUEST_BYTES} bytes, the recorder's limit.`)
    return
  }
  const method = request.method ?? 'GET'
  const path = request.url ?? '/'
  const answer = await forwardRequest(target.upstream, { method, url: path, headers: request.headers, body })
  response.writeHead(answer.status, answer.statusText, answer.headers.flat() as string[])
  response.end(answer.body)
  target.har.add(
    exchangeEntry(
      {
        started,
        elapsedMs: Date.now() - started.getTime(),
        method,
        url: new URL(path, target.upstream).href,
        requestHeaders: request.headers,
        requestBody: body,
        status: answer.status,
        statusText: answer.statusText,
        responseHeaders: answer.headers,
        responseBody: answer.body,
      },
      { keepSecrets: target.keepSecrets },
    ),
  )
  target.log?.(`${method} ${path} ${answer.status}`)
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

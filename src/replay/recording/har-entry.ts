import type { IncomingHttpHeaders } from 'node:http'
import type { HarEntry, HarNameValue, HarWebSocketMessage } from '../har/har-types.js'
import { redactBody, redactHeaders, redactQuery, redactUrl } from './redact-secrets.js'

/** One HTTP exchange as the recorder saw it. */
export interface RecordedExchange {
  readonly started: Date
  readonly elapsedMs: number
  readonly method: string
  /** The full URL the client asked for. */
  readonly url: string
  readonly requestHeaders: IncomingHttpHeaders
  readonly requestBody: Buffer
  readonly status: number
  readonly statusText: string
  readonly responseHeaders: ReadonlyArray<readonly [string, string]>
  readonly responseBody: Buffer
}

/** A WebSocket connection as the recorder saw it. */
export interface RecordedStream {
  readonly started: Date
  readonly elapsedMs: number
  readonly url: string
  readonly requestHeaders: IncomingHttpHeaders
  readonly messages: readonly HarWebSocketMessage[]
  /** Messages passed on and not recorded, past the recorder's bounds. */
  readonly dropped?: number
}

/**
 * An HTTP exchange as a HAR 1.2 entry: a text body as text, any other as
 * base64; credentials redacted unless `keepSecrets`.
 *
 * @example
 * har.add(exchangeEntry(exchange, { keepSecrets: false }))
 */
export function exchangeEntry(exchange: RecordedExchange, { keepSecrets }: { keepSecrets: boolean }): HarEntry {
  const redactText = (text: string) => (keepSecrets ? text : redactBody(text))
  const responseType = headerOf(exchange.responseHeaders, 'content-type') ?? ''
  const requestType = String(exchange.requestHeaders['content-type'] ?? '')
  const entry: HarEntry = {
    startedDateTime: exchange.started.toISOString(),
    time: exchange.elapsedMs,
    request: {
      method: exchange.method,
      url: keepSecrets ? exchange.url : redactUrl(exchange.url),
      httpVersion: 'HTTP/1.1',
      headers: secretsOut(headerPairs(exchange.requestHeaders), keepSecrets),
      queryString: queryOf(exchange.url, keepSecrets),
      cookies: [],
      headersSize: -1,
      bodySize: exchange.requestBody.byteLength,
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: 'HTTP/1.1',
      headers: secretsOut(
        exchange.responseHeaders.map(([name, value]) => ({ name, value })),
        keepSecrets,
      ),
      cookies: [],
      content: {
        size: exchange.responseBody.byteLength,
        mimeType: responseType,
        ...bodyText(exchange.responseBody, responseType, redactText),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: exchange.responseBody.byteLength,
    },
    cache: {},
    timings: { send: 0, wait: exchange.elapsedMs, receive: 0 },
    _resourceType: 'fetch',
  }
  if (exchange.requestBody.byteLength > 0) {
    const { text = '', encoding } = bodyText(exchange.requestBody, requestType, redactText)
    entry.request.postData = { mimeType: requestType, text, ...(encoding && { encoding }) }
  }
  return entry
}

/**
 * A WebSocket connection as a HAR entry the way Chrome writes one: a 101
 * answer and its messages in `_webSocketMessages`.
 *
 * @example
 * har.add(streamEntry(stream, { keepSecrets: false }))
 */
export function streamEntry(stream: RecordedStream, { keepSecrets }: { keepSecrets: boolean }): HarEntry {
  return {
    startedDateTime: stream.started.toISOString(),
    time: stream.elapsedMs,
    request: {
      method: 'GET',
      url: keepSecrets ? stream.url : redactUrl(stream.url),
      httpVersion: 'HTTP/1.1',
      headers: secretsOut(headerPairs(stream.requestHeaders), keepSecrets),
      queryString: queryOf(stream.url, keepSecrets),
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 101,
      statusText: 'Switching Protocols',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
    },
    cache: {},
    timings: { send: 0, wait: stream.elapsedMs, receive: 0 },
    _resourceType: 'websocket',
    _webSocketMessages: keepSecrets
      ? [...stream.messages]
      : stream.messages.map((message) => ({ ...message, data: redactBody(message.data) })),
    ...(stream.dropped ? { _webSocketMessagesNotRecorded: stream.dropped } : {}),
  }
}

function bodyText(
  body: Buffer,
  contentType: string,
  redact: (text: string) => string,
): { text?: string; encoding?: string } {
  if (body.byteLength === 0) return {}
  if (/json|text|xml|javascript|urlencoded/i.test(contentType) || contentType === '') {
    const text = body.toString('utf8')
    // Bytes that are not UTF-8 are kept exactly, as base64.
    if (!text.includes('\uFFFD')) return { text: redact(text) }
  }
  return { text: body.toString('base64'), encoding: 'base64' }
}

function headerPairs(headers: IncomingHttpHeaders): HarNameValue[] {
  const pairs: HarNameValue[] = []
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) pairs.push({ name, value: one })
  }
  return pairs
}

function headerOf(headers: ReadonlyArray<readonly [string, string]>, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1]
}

function queryOf(url: string, keepSecrets: boolean): HarNameValue[] {
  const pairs = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }))
  return keepSecrets ? pairs : redactQuery(pairs)
}

function secretsOut(headers: HarNameValue[], keepSecrets: boolean): HarNameValue[] {
  return keepSecrets ? headers : redactHeaders(headers)
}

import type { ClientOperation } from '../../routes/client-operations.generated.js'
import type { HarEntry } from './har-types.js'

/** Where an exchange is in the HAR: the entry's position, its bytes' place in the file, its start. */
interface Located {
  /** The entry's position in the HAR. */
  readonly entry: number
  /** Milliseconds since the epoch. */
  readonly at: number
  /** The entry's first byte in the file and its length in bytes: where it is read again. */
  readonly offset: number
  readonly length: number
}

/** An HTTP request of the recording, as the index keeps it: where to read it, and its operation. */
export interface HttpSummary extends Located {
  readonly type: 'http'
  /** The official client's method for the request (its operation). */
  readonly operation: ClientOperation
  readonly params: Readonly<Record<string, string>>
}

/** A WebSocket stream of the recording, as the index keeps it: what the client sent, and when frames came. */
export interface StreamSummary extends Located {
  readonly type: 'stream'
  readonly closedAt: number
  readonly path: string
  /** The client's messages, in milliseconds since the epoch. */
  readonly sends: ReadonlyArray<{ readonly at: number; readonly data: string }>
  /** When each frame of the service came, in milliseconds since the epoch (their text is read again to compare). */
  readonly received: readonly number[]
  /** Whether the HAR's writer kept the stream's messages (Firefox keeps the connection only). */
  readonly messagesKept: boolean
}

/** One exchange of a recording with the service, as the index keeps it (compact: no answer bodies). */
export type ExchangeSummary = HttpSummary | StreamSummary

/** An HTTP request of the recording and its recorded answer, read whole. */
export interface HttpExchange extends HttpSummary {
  readonly method: string
  /** The path as sent, without the query. */
  readonly path: string
  /** The query as sent, without its `?`. */
  readonly query: string
  readonly requestBody: string
  readonly status: number
  readonly responseType: string
  readonly responseText: string
}

/**
 * An HTTP entry read whole: its request and answer as sent, base64 bodies
 * decoded, with what the index knew of it.
 *
 * @example
 * const exchange = httpExchange(entry, summary)
 */
export function httpExchange(entry: HarEntry, summary: HttpSummary): HttpExchange {
  const url = new URL(entry.request.url)
  return {
    ...summary,
    method: entry.request.method.toUpperCase(),
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    requestBody: decoded(entry.request.postData?.text ?? '', entry.request.postData?.encoding),
    status: entry.response.status,
    responseType: entry.response.content?.mimeType ?? '',
    responseText: decoded(entry.response.content?.text ?? '', entry.response.content?.encoding),
  }
}

/**
 * The text of a WebSocket message, binary ones (opcode 2, base64) decoded.
 *
 * @example
 * messageText({ type: 'receive', time: 1714563000.5, opcode: 1, data: '{"iterable":[]}' }) // '{"iterable":[]}'
 */
export function messageText(message: { readonly opcode: number; readonly data: string }): string {
  return message.opcode === 2 ? Buffer.from(message.data, 'base64').toString('utf8') : message.data
}

function decoded(text: string, encoding: string | undefined): string {
  return encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text
}

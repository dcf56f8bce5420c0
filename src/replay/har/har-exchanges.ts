import { clientOperationTable } from '../../routes/client-operation-table.js'
import type { ClientOperation } from '../../routes/client-operations.generated.js'
import { createRouter } from '../../routes/router.js'
import { normalizeTimestamp } from '../../store/clock-and-ids/normalize-timestamp.js'
import { HarError } from './har-error.js'
import type { HarEntry } from './har-types.js'

/** An HTTP request of the recording and its recorded answer. */
export interface HttpExchange {
  readonly type: 'http'
  /** The entry's position in the HAR. */
  readonly entry: number
  /** Milliseconds since the epoch. */
  readonly at: number
  /** The official client's method for the request (its operation). */
  readonly operation: ClientOperation
  readonly params: Readonly<Record<string, string>>
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

/** A WebSocket stream of the recording and its messages. */
export interface StreamExchange {
  readonly type: 'stream'
  readonly entry: number
  readonly at: number
  readonly closedAt: number
  readonly path: string
  readonly messages: ReadonlyArray<{ readonly type: 'send' | 'receive'; readonly at: number; readonly data: string }>
}

/** One exchange of a recording with the service. */
export type Exchange = HttpExchange | StreamExchange

/**
 * The HAR's exchanges with the service, by start time: each HTTP request the
 * official client knows (its method and path) sent to the service's host (a
 * host with such a request), each stream with its messages; base64 bodies
 * decoded. Entries of anything else (pages, scripts,
 * preflights, other APIs) are left out and counted; a HAR with no exchange of
 * the service is a {@link HarError} naming its first entry's URL.
 *
 * @example
 * const { exchanges, skipped } = harExchanges(readHar(text, 'session.har').entries, 'session.har')
 */
export function harExchanges(entries: readonly HarEntry[], file: string): { exchanges: Exchange[]; skipped: number } {
  const router = createRouter(
    clientOperationTable().map((operation) => ({ method: operation.method, path: operation.path, target: operation })),
  )
  const matches = entries.map((entry) => {
    const url = new URL(entry.request.url)
    return { url, match: router.find(entry.request.method.toUpperCase(), url.pathname) }
  })
  // The service's hosts: those a request of the service went to (a page's own `/` is not one).
  const hosts = new Set(matches.filter(({ url, match }) => match && url.pathname !== '/').map(({ url }) => url.host))
  const exchanges: Exchange[] = []
  entries.forEach((entry, index) => {
    const { url, match } = matches[index]!
    if (!hosts.has(url.host)) return
    const at = Date.parse(normalizeTimestamp(entry.startedDateTime) ?? entry.startedDateTime)
    const messages = entry._webSocketMessages
    if (messages !== undefined || entry._resourceType === 'websocket' || entry.response.status === 101) {
      if (!match?.target.websocket) return
      exchanges.push({
        type: 'stream',
        entry: index,
        at,
        closedAt: at + Math.max(0, entry.time || 0),
        path: url.pathname,
        messages: (messages ?? []).map((message) => ({
          type: message.type,
          at: message.time * 1000,
          data: message.opcode === 2 ? Buffer.from(message.data, 'base64').toString('utf8') : message.data,
        })),
      })
      return
    }
    if (!match || match.target.websocket) return
    exchanges.push({
      type: 'http',
      entry: index,
      at,
      operation: match.target,
      params: match.params,
      method: entry.request.method.toUpperCase(),
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      requestBody: decoded(entry.request.postData?.text ?? '', entry.request.postData?.encoding),
      status: entry.response.status,
      responseType: entry.response.content?.mimeType ?? '',
      responseText: decoded(entry.response.content?.text ?? '', entry.response.content?.encoding),
    })
  })
  if (exchanges.length === 0 && entries.length > 0) {
    throw new HarError({
      file,
      entry: 0,
      field: 'request.url',
      problem: `none of its ${entries.length} entries is a request of the Pieces OS service (the first is ${entries[0]!.request.method} ${entries[0]!.request.url}); is it a HAR of another API?`,
    })
  }
  // Stable: entries that started at the same instant keep their order in the file.
  exchanges.sort((a, b) => a.at - b.at)
  return { exchanges, skipped: entries.length - exchanges.length }
}

function decoded(text: string, encoding: string | undefined): string {
  return encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text
}

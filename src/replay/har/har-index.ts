import { clientOperationTable } from '../../routes/client-operation-table.js'
import type { ClientOperation } from '../../routes/client-operations.generated.js'
import { createRouter } from '../../routes/router.js'
import { normalizeTimestamp } from '../../store/clock-and-ids/normalize-timestamp.js'
import { requestOf } from './check-har-entry.js'
import { HarError } from './har-error.js'
import {
  httpExchange,
  messageText,
  type ExchangeSummary,
  type HttpExchange,
  type HttpSummary,
  type StreamSummary,
} from './har-exchanges.js'
import type { HarSource } from './har-source.js'
import type { HarEntry } from './har-types.js'
import { inMilliseconds, messageTimeUnit, type MessageTimeUnit } from './message-time-unit.js'
import { readHarEntries, type HarLimits, type ReadEntry } from './read-har.js'

/** A HAR's exchanges with the service, compact, and how to read each again whole. */
export interface HarIndex {
  readonly file: string
  /** The service's exchanges, by start time (those of the same instant in the file's order). */
  readonly exchanges: readonly ExchangeSummary[]
  /** Entries that are not the service's (pages, scripts, preflights, other APIs). */
  readonly skipped: number
  /** What reading the HAR left out (an unclosed file's incomplete last entry). */
  readonly notes: readonly string[]
  /** The unit of its WebSocket message times; undefined when it has no message. */
  readonly messageTimes: MessageTimeUnit | undefined
  /** An HTTP exchange read whole again from the file. */
  http(summary: HttpSummary): Promise<HttpExchange>
  /** The text of a stream's frames from the service, read again from the file. */
  received(summary: StreamSummary): Promise<string[]>
}

/** An exchange of the service, before the service's hosts are known. */
interface Candidate {
  readonly summary: ExchangeSummary
  readonly host: string
  /** A request of a page's own `/`: the service's only when its host is. */
  readonly root: boolean
}

/**
 * Reads a HAR entry by entry into a compact index of its exchanges with the
 * service: each HTTP request the official client knows (its method and
 * path) sent to the service's host (a host with such a request), each
 * stream with its messages from the client and the times of its frames, the
 * message times in milliseconds whichever unit the HAR's writer used. What
 * it keeps is a few numbers per entry, not the answers (they are read again
 * by position when needed), so memory does not grow with the file. A HAR
 * with no exchange of the service is a {@link HarError} naming its first
 * entry's URL.
 *
 * @example
 * const index = await indexHar(await openHarFile('session.har'))
 * for (const summary of index.exchanges) if (summary.type === 'http') console.log((await index.http(summary)).status)
 */
export async function indexHar(source: HarSource, limits: HarLimits = {}): Promise<HarIndex> {
  const file = source.name
  const router = createRouter(
    clientOperationTable().map((operation) => ({ method: operation.method, path: operation.path, target: operation })),
  )
  const candidates: Candidate[] = []
  let first: string | undefined
  let unit: { unit: MessageTimeUnit; entry: number } | undefined
  const onEntry = ({ index, offset, length, entry }: ReadEntry) => {
    const url = new URL(entry.request.url)
    first ??= `${entry.request.method} ${entry.request.url}`
    const match = router.find(entry.request.method.toUpperCase(), url.pathname)
    if (!match) return
    const at = Date.parse(normalizeTimestamp(entry.startedDateTime) ?? entry.startedDateTime)
    const place = { entry: index, at, offset, length }
    const root = url.pathname === '/'
    if (!isStream(entry)) {
      if (match.target.websocket) return
      const summary: HttpSummary = {
        type: 'http',
        ...place,
        operation: match.target as ClientOperation,
        params: match.params,
      }
      candidates.push({ summary, host: url.host, root })
      return
    }
    if (!match.target.websocket) return
    if ((entry._webSocketMessages ?? []).length > 0) {
      if (unit === undefined) unit = { unit: unitOf(entry, index, at, file), entry: index }
      else checkUnit(entry, index, at, unit, file)
    }
    candidates.push({ summary: streamSummary(entry, place, url.pathname, unit?.unit), host: url.host, root })
  }
  const { notes, count } = await readHarEntries(source, onEntry, limits)
  // The service's hosts: those a request of the service went to (a page's own `/` is not one).
  const hosts = new Set(candidates.filter(({ root }) => !root).map(({ host }) => host))
  const exchanges = candidates.filter(({ host }) => hosts.has(host)).map(({ summary }) => summary)
  if (exchanges.length === 0 && count > 0) {
    throw new HarError({
      file,
      entry: 0,
      field: 'request.url',
      problem: `none of its ${count} entries is a request of the Pieces OS service (the first is ${first}); is it a HAR of another API?`,
    })
  }
  // Stable: entries that started at the same instant keep their order in the file.
  exchanges.sort((a, b) => a.at - b.at)
  const reread = async (summary: ExchangeSummary): Promise<HarEntry> =>
    JSON.parse((await source.read(summary.offset, summary.length)).toString('utf8')) as HarEntry
  return {
    file,
    exchanges,
    skipped: count - exchanges.length,
    notes,
    messageTimes: unit?.unit,
    http: async (summary) => httpExchange(await reread(summary), summary),
    received: async (summary) =>
      ((await reread(summary))._webSocketMessages ?? [])
        .filter((message) => message.type === 'receive')
        .map(messageText),
  }
}

/** A stream's entry as the index keeps it: the client's messages, and when the service's frames came. */
function streamSummary(
  entry: HarEntry,
  place: Pick<StreamSummary, 'entry' | 'at' | 'offset' | 'length'>,
  path: string,
  unit: MessageTimeUnit | undefined,
): StreamSummary {
  const messages = entry._webSocketMessages ?? []
  const ms = (time: number) => inMilliseconds(time, unit ?? 'seconds')
  return {
    type: 'stream',
    ...place,
    closedAt: place.at + Math.max(0, entry.time || 0),
    path,
    sends: messages
      .filter((message) => message.type === 'send')
      .map((message) => ({ at: ms(message.time), data: messageText(message) })),
    received: messages.filter((message) => message.type === 'receive').map((message) => ms(message.time)),
    messagesKept: entry._webSocketMessages !== undefined,
  }
}

function isStream(entry: HarEntry): boolean {
  return entry._webSocketMessages !== undefined || entry._resourceType === 'websocket' || entry.response.status === 101
}

/** The unit of the HAR's message times, told by the first message of its first stream. */
function unitOf(entry: HarEntry, index: number, at: number, file: string): MessageTimeUnit {
  const time = entry._webSocketMessages![0]!.time
  const unit = messageTimeUnit(time, at)
  if (unit) return unit
  throw new HarError({
    file,
    entry: index,
    request: requestOf(entry)!,
    field: '_webSocketMessages[0].time',
    problem: `${time} is neither seconds nor milliseconds since the epoch within a day of the entry's start (${entry.startedDateTime})`,
  })
}

/** Every stream of a HAR is written by the same writer: its first message's time is in the HAR's unit. */
function checkUnit(
  entry: HarEntry,
  index: number,
  at: number,
  known: { unit: MessageTimeUnit; entry: number },
  file: string,
): void {
  const unit = unitOf(entry, index, at, file)
  if (unit === known.unit) return
  throw new HarError({
    file,
    entry: index,
    request: requestOf(entry)!,
    field: '_webSocketMessages[0].time',
    problem: `is in ${unit} where entry ${known.entry}'s messages are in ${known.unit}; a HAR's streams come from one writer`,
  })
}

import type { HarEntry, HarNameValue } from '../../replay/har/har-types.js'
import { redactBody, redactHeaders, redactQuery, redactUrl } from '../../replay/recording/redact-secrets.js'
import type { JournalDetail } from './inspection-views.js'
import type { JournalRow } from './inspection-rows.js'

/** Which journal entries a HAR export holds: the inspector's filters, as `GET /__mock/journal/har` takes them. */
export interface JournalHarFilter {
  /** An operation's id: only its entries. */
  readonly operation?: string
  /** A status (`404`), a class (`2xx`, `4xx`, `5xx`), or `0` for network errors. */
  readonly status?: string
  /** Text the operation, method, path, status or fault id contains, or the request's or response's kept body, in any case. */
  readonly text?: string
}

/** A HAR 1.2 log as `record` writes one: what `fixtures import` and `drift` read. */
export interface HarDocument {
  readonly log: {
    readonly version: '1.2'
    readonly creator: { readonly name: string; readonly version: string }
    readonly pages: []
    readonly entries: HarEntry[]
  }
}

/**
 * Whether a journal row passes the filter (every part given must match). The
 * text is looked for in the row's fields, then in the bodies of its entry
 * when `detail` gives it: the request body and the response body as the
 * journal keeps them (64 KiB of each, 8 MiB of responses in all), so a search
 * reads at most what the journal holds.
 *
 * @example
 * passes(row, { status: '4xx' }) // true for a 404
 * passes(row, { text: 'from the journal' }, () => inspection.journalEntry(row.id)) // true when its body holds it
 */
export function passes(
  row: JournalRow,
  { operation, status, text }: JournalHarFilter,
  detail?: () => JournalDetail | undefined,
): boolean {
  if (operation && row.operation !== operation) return false
  if (status && !statusMatches(row.status, status)) return false
  const needle = text?.trim().toLowerCase()
  if (!needle) return true
  const searched = `${row.operation} ${row.websocket ? 'ws' : row.method} ${row.path} ${row.status} ${row.faultId ?? ''}`
  if (searched.toLowerCase().includes(needle)) return true
  const found = detail?.()
  return found !== undefined && bodiesHold(found, needle)
}

/** Whether the request's or the response's kept body holds `needle` (lower case), in any case. */
function bodiesHold({ entry, response }: JournalDetail, needle: string): boolean {
  const sent = bodyText(entry.body)
  if (sent !== undefined && sent.toLowerCase().includes(needle)) return true
  return response?.body !== undefined && response.body.toLowerCase().includes(needle)
}

function statusMatches(status: number, wanted: string): boolean {
  const kind = /^([1-5])xx$/i.exec(wanted)
  if (kind) return Math.floor(status / 100) === Number(kind[1])
  return String(status) === wanted.trim()
}

/**
 * Journal entries as a HAR 1.2 log, oldest first: each request with its
 * query and body, its answer with its content type and the body the journal
 * kept (the first 64 KiB; a cut one says so in its `comment`), and each
 * WebSocket as Chrome writes one, its frames both ways in
 * `_webSocketMessages`; each request's timings are the mock's phases. URLs are `base` and the path; credentials in query
 * parameters and bodies are redacted as `record` redacts them.
 *
 * @example
 * const har = journalHar([inspection.journalEntry(1)!], { base: 'http://localhost:1000', creator })
 * har.log.entries[0].request.url // 'http://localhost:1000/conversations'
 */
export function journalHar(
  details: Iterable<JournalDetail>,
  { base, creator }: { base: string; creator: { name: string; version: string } },
): HarDocument {
  const entries: HarEntry[] = []
  for (const detail of details) entries.push(harEntry(detail, base))
  return { log: { version: '1.2', creator, pages: [], entries } }
}

function harEntry({ entry, response, frames }: JournalDetail, base: string): HarEntry {
  const query: HarNameValue[] = (entry.queryPairs ?? Object.entries(entry.query)).map(([name, value]) => ({
    name,
    value,
  }))
  const search = new URLSearchParams(query.map(({ name, value }) => [name, value])).toString()
  const url = redactUrl(`${base.replace(/\/+$/, '')}${entry.path}${search ? `?${search}` : ''}`)
  const requestText = bodyText(entry.body)
  const answerText = response?.body === undefined ? undefined : redactBody(response.body)
  const mimeType = response?.contentType ?? (entry.websocket ? 'x-unknown' : '')
  const timings = harTimings(entry)
  const har: HarEntry = {
    startedDateTime: entry.at,
    time: (timings.blocked ?? 0) + timings.send + timings.wait + timings.receive,
    request: {
      method: entry.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: entry.requestHeaders
        ? redactHeaders(entry.requestHeaders.map(([name, value]) => ({ name, value })))
        : requestText === undefined
          ? []
          : [{ name: 'content-type', value: 'application/json' }],
      queryString: redactQuery(query),
      cookies: [],
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : byteLength(requestText),
      ...(requestText !== undefined && {
        postData: { mimeType: 'application/json', text: redactBody(requestText) },
      }),
    },
    response: {
      status: entry.status,
      statusText: entry.websocket?.state === 'refused' ? (entry.websocket.refusal ?? '') : statusText(entry.status),
      httpVersion: 'HTTP/1.1',
      headers: entry.responseHeaders
        ? redactHeaders(entry.responseHeaders.map(([name, value]) => ({ name, value })))
        : response?.contentType
          ? [{ name: 'content-type', value: response.contentType }]
          : [],
      cookies: [],
      content: {
        size: answerText === undefined ? 0 : byteLength(answerText),
        mimeType,
        ...(answerText !== undefined && { text: answerText }),
        ...(response?.truncated && { comment: 'The journal keeps the first 64 KiB of an answer.' }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: answerText === undefined ? 0 : byteLength(answerText),
    },
    cache: {},
    timings,
    _resourceType: entry.websocket ? 'websocket' : 'fetch',
  }
  if (entry.websocket) {
    const time = Date.parse(entry.at) / 1000
    // HAR names a message by the client's side: what the mock sent is `receive`, what the client sent `send`.
    har._webSocketMessages = (frames?.frames ?? []).map((frame) => ({
      type: frame.direction === 'sent' ? 'receive' : 'send',
      time: time + frame.at / 1000,
      opcode: frame.binary ? 2 : 1,
      data: redactBody(frame.text),
    }))
  }
  return har
}

/**
 * An entry's HAR timings: its phases where the journal has them (queued as
 * `blocked`, handled as `wait`, written and streamed as `receive`, and each
 * under its own name), else its whole duration as `wait`.
 */
function harTimings(entry: JournalDetail['entry']): HarEntry['timings'] {
  const phases = entry.timing
  if (!phases) return { send: 0, wait: entry.durationMs, receive: 0 }
  const { queued, handled, written = 0, streamed } = phases
  return {
    blocked: queued,
    send: 0,
    wait: handled,
    receive: written + (streamed ?? 0),
    _queued: queued,
    _handled: handled,
    ...(phases.written !== undefined && { _written: written }),
    ...(streamed !== undefined && { _streamed: streamed }),
  }
}

/** A request body as the text sent: JSON written back, text as it was. */
function bodyText(body: unknown): string | undefined {
  if (body === undefined) return undefined
  return typeof body === 'string' ? body : JSON.stringify(body)
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).byteLength
}

const STATUS_TEXTS: Readonly<Record<number, string>> = {
  0: '',
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

function statusText(status: number): string {
  return STATUS_TEXTS[status] ?? ''
}

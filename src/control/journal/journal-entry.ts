import type { RequestRecord } from '../../execution/execute-operation.js'
import { jsonShapeProblem } from '../../execution/json-shape.js'
import type { StreamName } from '../../events/stream-paths.js'
import type { Answer } from '../../execution/answer.js'
import { requestPhases, type RequestMarks, type RequestPhases } from '../../execution/request-marks.js'
import { headersOf, keptHeaders, type HeaderTexts, type JournalHeaders, type KeptHeaders } from './journal-headers.js'

/**
 * What went over one WebSocket: its stream, whether it is open, closed or
 * was refused, the frames counted each way and how it closed.
 */
export interface WebSocketActivity {
  /** The stream, by its name in `STREAM_PATHS` (`qgpt`, `conversations`…); absent when no stream of the mock is at the path. */
  readonly stream?: StreamName
  /** `open` while connected, `closed` once closed, `refused` when the upgrade was refused. */
  readonly state: 'open' | 'closed' | 'refused'
  /** Frames the mock sent the client (its first frame included); counted live while open. */
  readonly framesSent: number
  /** Text frames the client sent. */
  readonly framesReceived: number
  /** How it closed, once closed and when the transport knows: 1000 normal, 1001 going away, a stream fault's code… */
  readonly closeCode?: number
  readonly closeReason?: string
  /** Why the upgrade was refused, as the client was answered (with `status`). */
  readonly refusal?: string
}

/**
 * One request the mock answered, or one WebSocket upgrade, as the journal
 * keeps it. A WebSocket's entry is a `GET` of the stream's path whose
 * `status` is 101 when accepted (the refusal's status otherwise), whose
 * `operation` is the official client's method of that stream
 * (`qgptStream`, `conversationsStreamIdentifiers`; the stream's name for a
 * stream the client has no method for; empty for a path of no stream), and whose `websocket` says what went over it.
 */
export interface JournalEntry extends Omit<KeptRecord, 'bodyText' | 'marks'> {
  /** `http` for a request, `websocket` for an upgrade (accepted or refused). */
  readonly transport: 'http' | 'websocket'
  /** Set on a WebSocket's entry only. */
  readonly websocket?: WebSocketActivity
  /**
   * The JSON body, parsed from the kept text each time it is read; the text
   * itself when it is not JSON, nests too deep or was cut; undefined when
   * there was none.
   */
  readonly body: unknown
  /** Set when the body was longer than the journal keeps (64 KiB): `body` is then its first 64 KiB as text. */
  readonly bodyTruncated?: true
  /**
   * The mock's phases of the request (queued, handled, written, streamed), in
   * milliseconds, read from its marks each time: `written` and `streamed`
   * appear once the transport wrote the answer. Absent for a transport that
   * marks none, and for a WebSocket.
   */
  readonly timing?: RequestPhases
}

/** What a request's marks cost, roughly: a small object of a few numbers. */
const MARKS_BYTES = 64

/** The most of one request body the journal keeps: 64 KiB (65,536 characters of a body that fits). */
const REQUEST_BODY_BYTES = 64 * 1024

/** What one entry costs besides its body, path, params and query (names and values), roughly: the record's other fields. */
const ENTRY_OVERHEAD = 256

/**
 * What the journal keeps of a request until an entry is read: the request's
 * own record when its body fits (nothing is built on the request's path; the
 * ring copies its fields into columns, and the headers kept of it and its
 * answer beside them), or, for a longer body, an entry holding a copy of its
 * first 64 KiB (a substring would keep the whole body alive). `size` is about
 * how many bytes it holds.
 *
 * @example
 * const { kept, headers, size } = keptRequest(record, answer, createHeaderTexts())
 * ring.push(kept, size, headers)
 */
export function keptRequest(
  request: RequestRecord,
  answer: Answer | undefined,
  texts: HeaderTexts,
): { kept: KeptRequest; headers: KeptHeaders | undefined; size: number } {
  const answered = answer !== undefined && !('networkError' in answer) && (answer.contentType ?? answer.headers)
  const { headers, size: headerBytes } =
    request.requestHeaders === undefined && !answered
      ? { headers: undefined, size: 0 }
      : keptHeaders(request.requestHeaders, answer, texts)
  const { bodyText } = request
  let size = ENTRY_OVERHEAD + headerBytes + request.path.length
  for (const name in request.query) size += name.length + request.query[name]!.length
  for (const [name, value] of request.queryPairs ?? []) size += name.length + value.length
  for (const name in request.params) size += request.params[name]!.length
  if (request.marks) size += MARKS_BYTES
  if (bodyText.length <= REQUEST_BODY_BYTES) return { kept: request, headers, size: size + bodyText.length }
  const { bodyText: _cut, ...fields } = withHeaders(request, headers)
  const bytes = new Uint8Array(REQUEST_BODY_BYTES)
  // No more characters than the bytes can hold: encoding a whole 10 MiB body to keep 64 KiB costs ~100 ms.
  const { written } = new TextEncoder().encodeInto(bodyText.slice(0, REQUEST_BODY_BYTES), bytes)
  return { kept: withHead(fields, bytes.slice(0, written)), headers: undefined, size: size + written }
}

/** A request's record with the headers the journal keeps of it and its answer (bounded, redacted) in place of the transport's. */
export type KeptRecord = Omit<RequestRecord, 'requestHeaders'> & JournalHeaders

/**
 * A request as the journal keeps it: the executor's record (its headers as
 * the transport handed them on, the kept ones beside it), or the entry already made of it.
 */
export type KeptRequest = RequestRecord | JournalEntry

/** The record with its headers as the journal keeps them in place of the transport's (none when it kept none). */
export function withHeaders(request: RequestRecord, headers: KeptHeaders | undefined): KeptRecord {
  const { requestHeaders: _given, ...fields } = request
  return headers === undefined ? fields : { ...fields, ...headersOf(headers) }
}

/**
 * The journal entry of a kept request. The body is kept as text, never as
 * the parsed value, and parsed again whenever `body` is read: a body that
 * parses to hundreds of MiB costs the journal at most 64 KiB.
 *
 * @example
 * entryOf(withHeaders(record, undefined)).path // '/conversations'
 */
export function entryOf(kept: KeptRecord | JournalEntry): JournalEntry {
  if (!('bodyText' in kept)) return kept
  const { bodyText, marks, ...fields } = kept
  if (bodyText === '') {
    const entry: JournalEntry = { ...fields, transport: 'http', body: undefined }
    return marks ? timed(entry, marks) : entry
  }
  return withText(fields, bodyText, marks)
}

// Each getter is made in a function of its own: a closure holds its whole scope, and one made
// beside the request's text would keep all of it alive. `timing` is read from the marks each
// time: the transport marks the answer written after the entry may have been made.

/** An entry whose body is the request's whole text, parsed when read. */
function withText(fields: Omit<KeptRecord, 'bodyText' | 'marks'>, text: string, marks?: RequestMarks): JournalEntry {
  // A getter of the object itself, so spreading and JSON.stringify see `body` like any field.
  const entry: JournalEntry = {
    ...fields,
    transport: 'http',
    get body() {
      return parsedOrText(text)
    },
  }
  return marks ? timed(entry, marks) : entry
}

/** An entry whose body was cut: the first bytes of its text, read as text. */
function withHead(fields: Omit<KeptRecord, 'bodyText'>, head: Uint8Array): JournalEntry {
  const { marks, ...rest } = fields
  const entry: JournalEntry = {
    ...rest,
    transport: 'http',
    get body() {
      return new TextDecoder().decode(head)
    },
    bodyTruncated: true,
  }
  return marks ? timed(entry, marks) : entry
}

/** The entry with a `timing` read from `marks` whenever it is read (enumerable, as `body` is). */
function timed(entry: JournalEntry, marks: RequestMarks): JournalEntry {
  return Object.defineProperty(entry, 'timing', { get: () => requestPhases(marks), enumerable: true })
}

/** A body's JSON value, its text when it is not JSON or is refused for its shape (too deep, too many keys), or undefined for blank text. */
function parsedOrText(text: string): unknown {
  if (text.trim() === '') return undefined
  if (jsonShapeProblem(text) !== undefined) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

import type { Answer } from '../../execution/answer.js'
import { isSecretHeader } from '../../replay/recording/redact-secrets.js'

/** One header as the journal keeps it: `[lower-case name, value]`. */
export type HeaderPair = readonly [string, string]

/** The headers of one journal entry, bounded and with credentials redacted. */
export interface JournalHeaders {
  /** The request's headers in the order received; absent when the transport handed none on. */
  readonly requestHeaders?: readonly HeaderPair[]
  /** The headers the mock's answer set (its content type and its own headers, not the transport's CORS headers). */
  readonly responseHeaders?: readonly HeaderPair[]
  /** Set when an entry's headers passed 64 headers or 8 KiB (names and values): the rest were let go. */
  readonly headersTruncated?: true
}

/** The most headers one entry keeps, request and response together. */
const ENTRY_HEADERS = 64

/** The most bytes (characters of names and values) one entry keeps of its headers. */
const ENTRY_HEADER_BYTES = 8 * 1024

/** What a credential header's value is kept as. */
const REDACTED = '[redacted]'

/**
 * The headers a journal entry keeps of a request and its answer: at most 64
 * of them and 8 KiB in all (the first ones, request first), each credential
 * header's value (`authorization`, `cookie`, `set-cookie`, an API key or token
 * header) replaced by `[redacted]` as `record` writes them; `size` is the
 * characters kept, counted in the journal's budget.
 *
 * @example
 * journalHeaders([['authorization', 'Bearer abc']], { status: 204 }).headers.requestHeaders // [['authorization', '[redacted]']]
 */
export function journalHeaders(
  request: Iterable<HeaderPair> | undefined,
  answer: Answer | undefined,
): { headers: JournalHeaders; size: number } {
  const budget = { count: ENTRY_HEADERS, bytes: ENTRY_HEADER_BYTES, cut: false }
  const requestHeaders = request && kept(request, budget)
  const responseHeaders = answer && !('networkError' in answer) ? answerPairs(answer, budget) : undefined
  // Assigned in order rather than spread: this runs for every request journaled.
  const headers: { -readonly [K in keyof JournalHeaders]: JournalHeaders[K] } = {}
  if (requestHeaders) headers.requestHeaders = requestHeaders
  if (responseHeaders) headers.responseHeaders = responseHeaders
  if (budget.cut) headers.headersTruncated = true
  return { headers, size: ENTRY_HEADER_BYTES - budget.bytes }
}

/** What is left of one entry's header budget, spent as headers are taken. */
interface HeaderBudget {
  count: number
  bytes: number
  cut: boolean
}

/**
 * The pairs that fit what is left of the budget, redacted; the budget is spent as they are taken.
 * A pair already as kept (a lower-case name, not a credential) is kept as it is, not copied.
 */
function kept(pairs: Iterable<HeaderPair>, budget: HeaderBudget): HeaderPair[] {
  const taken: HeaderPair[] = []
  for (const pair of pairs) {
    const name = pair[0]
    const value = pair[1]
    const shown = isSecretHeader(name) ? REDACTED : value
    const bytes = name.length + shown.length
    if (budget.count === 0 || bytes > budget.bytes) {
      budget.cut = true
      break
    }
    budget.count--
    budget.bytes -= bytes
    const lower = name.toLowerCase()
    taken.push(lower === name && shown === value ? pair : [lower, shown])
  }
  return taken
}

/**
 * An answer's own headers as kept: its content type first. An answer with a
 * content type and no other header (nearly all) shares one frozen list per
 * content type, the budget spent as if it were taken.
 */
function answerPairs(answer: Exclude<Answer, { networkError: true }>, budget: HeaderBudget): HeaderPair[] {
  const type = answer.contentType
  if (type === undefined || answer.headers !== undefined) {
    return kept(answerHeaders(answer), budget)
  }
  const bytes = CONTENT_TYPE.length + type.length
  if (budget.count === 0 || bytes > budget.bytes) return kept(answerHeaders(answer), budget)
  budget.count--
  budget.bytes -= bytes
  let shared = typeHeaders.get(type)
  if (!shared) {
    if (typeHeaders.size >= KNOWN_TYPES) typeHeaders.clear()
    typeHeaders.set(type, (shared = Object.freeze([Object.freeze([CONTENT_TYPE, type] as const)]) as HeaderPair[]))
  }
  return shared
}

const CONTENT_TYPE = 'content-type'

/** How many content types {@link answerPairs} keeps a shared list for before it starts afresh. */
const KNOWN_TYPES = 64

/** The kept headers of an answer that sets only its content type, by content type. */
const typeHeaders = new Map<string, HeaderPair[]>()

/** An answer's own headers: its content type first. */
function* answerHeaders(answer: Exclude<Answer, { networkError: true }>): Iterable<HeaderPair> {
  if (answer.contentType !== undefined) yield [CONTENT_TYPE, answer.contentType]
  for (const name in answer.headers ?? {}) yield [name, answer.headers![name]!]
}

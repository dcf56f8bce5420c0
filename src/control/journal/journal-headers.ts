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

/**
 * The headers of one journal entry as its ring keeps them until the entry is
 * read: the request's as one flat list (name, value, name, value…), not a
 * pair each, with the same texts shared by every entry that sent them; the
 * answer's as pairs (one shared list for an answer that sets only its content
 * type). Each request's pairs would otherwise survive in the journal as
 * objects of their own until 10,000 later requests push them out.
 */
export interface KeptHeaders {
  /** The request's kept headers, flat: lower-case name, value, name, value… in the order received. */
  readonly request?: readonly string[]
  readonly response?: readonly HeaderPair[]
  readonly cut: boolean
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
 * characters kept, counted in the journal's budget. Kept as the journal's
 * ring holds them until the entry is read (see {@link KeptHeaders});
 * {@link headersOf} makes the entry's pairs of them.
 *
 * @example
 * keptHeaders([['Host', 'localhost']], undefined, createHeaderTexts()).headers.request // ['host', 'localhost']
 */
export function keptHeaders(
  request: Iterable<HeaderPair> | undefined,
  answer: Answer | undefined,
  texts: HeaderTexts,
): { headers: KeptHeaders; size: number } {
  const budget = { count: ENTRY_HEADERS, bytes: ENTRY_HEADER_BYTES, cut: false }
  const requestHeaders = request && sameAsLast(texts, keptFlat(request, budget, texts))
  const responseHeaders = answer && !('networkError' in answer) ? answerPairs(answer, budget, texts) : undefined
  return {
    headers: { request: requestHeaders, response: responseHeaders, cut: budget.cut },
    size: ENTRY_HEADER_BYTES - budget.bytes,
  }
}

/**
 * The headers of an entry as it hands them on, from what the ring kept: each request header a pair again.
 *
 * @example
 * headersOf({ request: ['host', 'localhost'], cut: false }).requestHeaders // [['host', 'localhost']]
 */
export function headersOf(kept: KeptHeaders | undefined): JournalHeaders {
  // Assigned in order rather than spread: the entry's fields keep this order.
  const headers: { -readonly [K in keyof JournalHeaders]: JournalHeaders[K] } = {}
  if (!kept) return headers
  const flat = kept.request
  if (flat) {
    const pairs: HeaderPair[] = new Array(flat.length >> 1)
    for (let at = 0; at < pairs.length; at++) pairs[at] = [flat[2 * at]!, flat[2 * at + 1]!]
    headers.requestHeaders = pairs
  }
  if (kept.response) headers.responseHeaders = kept.response
  if (kept.cut) headers.headersTruncated = true
  return headers
}

/** What is left of one entry's header budget, spent as headers are taken. */
interface HeaderBudget {
  count: number
  bytes: number
  cut: boolean
}

/** The pairs that fit what is left of the budget, redacted; the budget is spent as they are taken. */
function kept(pairs: Iterable<HeaderPair>, budget: HeaderBudget, texts: HeaderTexts): HeaderPair[] {
  const flat = keptFlat(pairs, budget, texts)
  const taken: HeaderPair[] = new Array(flat.length >> 1)
  for (let at = 0; at < taken.length; at++) taken[at] = [flat[2 * at]!, flat[2 * at + 1]!]
  return taken
}

/**
 * The headers that fit what is left of the budget, flat and redacted, the budget spent as they are taken;
 * each name and value the text kept for it before, when there is one (see {@link shared}). They are
 * gathered in the texts' one list for it, which the next call empties: read them before.
 */
function keptFlat(pairs: Iterable<HeaderPair>, budget: HeaderBudget, texts: HeaderTexts): readonly string[] {
  const taken = texts.taking
  taken.length = 0
  for (const pair of pairs) {
    const value = pair[1]
    const name = keptName(texts.names, pair[0])
    const shown = name.secret ? REDACTED : value
    const bytes = name.text.length + shown.length
    if (budget.count === 0 || bytes > budget.bytes) {
      budget.cut = true
      break
    }
    budget.count--
    budget.bytes -= bytes
    taken.push(name.text, name.secret ? REDACTED : shared(texts.values, value))
  }
  return taken
}

/**
 * The list kept last when `taken` holds the same texts (a client sends the
 * same headers request after request, and their texts are shared), else a
 * copy of `taken` kept as the last from now on: entries share one list
 * instead of each keeping its own until the ring lets it go.
 */
function sameAsLast(texts: HeaderTexts, taken: readonly string[]): readonly string[] {
  const last = texts.last
  let same = last.length === taken.length
  for (let at = 0; same && at < taken.length; at++) same = last[at] === taken[at]
  if (same) return last
  texts.last = taken.slice()
  return texts.last
}

/** The most distinct texts each of the header names and values kept shared holds before it starts afresh. */
const SHARED_TEXTS = 1024

/** Longer texts are kept as they came, never shared. */
const SHARED_TEXT_CHARS = 256

/**
 * The texts one journal's entries share (see {@link shared}): owned by the
 * journal, let go with it, never shared with another mock's.
 */
export interface HeaderTexts {
  /** A header name as received, by its lower-case text kept for it and whether it carries credentials. */
  readonly names: Map<string, KeptName>
  /** A header value, by the text kept for it (the same text). */
  readonly values: Map<string, string>
  /** The kept headers of an answer that sets only its content type, by content type. */
  readonly types: Map<string, HeaderPair[]>
  /** The request headers kept last, flat: the next request that sends the same ones shares them. */
  last: readonly string[]
  /** Where a request's headers are gathered before they are compared with the last ones. */
  readonly taking: string[]
}

/** A header name as the journal keeps it: in lower case, and whether its value is redacted. */
interface KeptName {
  readonly text: string
  readonly secret: boolean
}

/**
 * The texts a new journal's entries will share, none yet.
 *
 * @example
 * const texts = createHeaderTexts()
 * keptHeaders([['Host', 'localhost']], undefined, texts)
 */
export function createHeaderTexts(): HeaderTexts {
  return { names: new Map(), values: new Map(), types: new Map(), last: [], taking: [] }
}

/** The kept form of a header name: looked up once, its case lowered and its secrecy tested only the first time. */
function keptName(known: Map<string, KeptName>, name: string): KeptName {
  const found = known.get(name)
  if (found !== undefined) return found
  const kept = { text: name.toLowerCase(), secret: isSecretHeader(name) }
  if (name.length > SHARED_TEXT_CHARS) return kept
  if (known.size >= SHARED_TEXTS) known.clear()
  known.set(name, kept)
  return kept
}

/**
 * The text `text` is kept as: the one kept for it before, so that every entry
 * of a header sent again and again (`host`, `content-type`, `user-agent`)
 * holds the same text; a long text is kept as it is. At most 1,024 texts
 * each, started afresh past that.
 */
function shared(known: Map<string, string>, text: string): string {
  const found = known.get(text)
  if (found !== undefined) return found
  if (text.length > SHARED_TEXT_CHARS) return text
  if (known.size >= SHARED_TEXTS) known.clear()
  known.set(text, text)
  return text
}

/**
 * An answer's own headers as kept: its content type first. An answer with a
 * content type and no other header (nearly all) shares one frozen list per
 * content type, the budget spent as if it were taken.
 */
function answerPairs(
  answer: Exclude<Answer, { networkError: true }>,
  budget: HeaderBudget,
  texts: HeaderTexts,
): HeaderPair[] {
  const type = answer.contentType
  if (type === undefined || answer.headers !== undefined) {
    return kept(answerHeaders(answer), budget, texts)
  }
  const bytes = CONTENT_TYPE.length + type.length
  if (budget.count === 0 || bytes > budget.bytes) return kept(answerHeaders(answer), budget, texts)
  budget.count--
  budget.bytes -= bytes
  const typeHeaders = texts.types
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

/** An answer's own headers: its content type first. */
function* answerHeaders(answer: Exclude<Answer, { networkError: true }>): Iterable<HeaderPair> {
  if (answer.contentType !== undefined) yield [CONTENT_TYPE, answer.contentType]
  for (const name in answer.headers ?? {}) yield [name, answer.headers![name]!]
}

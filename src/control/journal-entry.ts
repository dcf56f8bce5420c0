import type { RequestRecord } from '../execution/execute-operation.js'
import { nestsDeeperThan } from '../execution/json-depth.js'

/** One request the mock answered, as the journal keeps it. */
export interface JournalEntry extends Omit<RequestRecord, 'bodyText'> {
  /**
   * The JSON body, parsed from the kept text each time it is read; the text
   * itself when it is not JSON, nests too deep or was cut; undefined when
   * there was none.
   */
  readonly body: unknown
  /** Set when the body was longer than the journal keeps (64 KiB): `body` is then its first 64 KiB as text. */
  readonly bodyTruncated?: true
}

/** The most of one request body the journal keeps: 64 KiB (65,536 characters of a body that fits). */
const REQUEST_BODY_BYTES = 64 * 1024

/** What one entry costs besides its body, roughly: the record's fields, path, params and query. */
const ENTRY_OVERHEAD = 256

/**
 * A journal entry of a request, and about how many bytes it holds. The body
 * is kept as text (its first 64 KiB, copied, when it is longer), never as the
 * parsed value, and parsed again whenever `body` is read: a body that
 * parses to hundreds of MiB costs the journal at most 64 KiB.
 *
 * @example
 * const { entry, size } = journalEntry(record)
 * entry.body // the parsed JSON body
 */
export function journalEntry(record: RequestRecord): { entry: JournalEntry; size: number } {
  const { bodyText, ...fields } = record
  let size = ENTRY_OVERHEAD + fields.path.length
  for (const value of Object.values(fields.query)) size += value.length
  for (const value of Object.values(fields.params)) size += value.length
  if (bodyText === '') return { entry: { ...fields, body: undefined }, size }
  if (bodyText.length <= REQUEST_BODY_BYTES) {
    // The request's own string: no copy, nothing parsed on the request's path.
    return { entry: withText(fields, bodyText), size: size + bodyText.length }
  }
  // Copied as bytes: a substring would keep the whole body alive.
  const bytes = new Uint8Array(REQUEST_BODY_BYTES)
  const { written } = new TextEncoder().encodeInto(bodyText, bytes)
  return { entry: withHead(fields, bytes.slice(0, written)), size: size + written }
}

// Each getter is made in a function of its own: a closure holds its whole scope, and one made
// beside the request's text would keep all of it alive.

/** An entry whose body is the request's whole text, parsed when read. */
function withText(fields: Omit<RequestRecord, 'bodyText'>, text: string): JournalEntry {
  // A getter of the object itself, so spreading and JSON.stringify see `body` like any field.
  return {
    ...fields,
    get body() {
      return parsedOrText(text)
    },
  }
}

/** An entry whose body was cut: the first bytes of its text, read as text. */
function withHead(fields: Omit<RequestRecord, 'bodyText'>, head: Uint8Array): JournalEntry {
  return {
    ...fields,
    get body() {
      return new TextDecoder().decode(head)
    },
    bodyTruncated: true,
  }
}

/** A body's JSON value, its text when it is not JSON or nests too deep to serialize again, or undefined for blank text. */
function parsedOrText(text: string): unknown {
  if (text.trim() === '') return undefined
  if (nestsDeeperThan(text)) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

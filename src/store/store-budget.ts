import { invariant } from 'outvariant'
import { MockServiceError } from '../errors.js'

/** What the store may hold by default: 512 MiB of records. */
const DEFAULT_MAX_STORE_BYTES = 512 * 1024 * 1024

/** What one value of a record counts besides its JSON: a slot that points at it. */
const VALUE_BYTES = 16

/** The bytes the stores sharing a budget hold, measured once per record and checked against it. */
export interface StoreBudget {
  /** The most bytes the stores sharing this budget may hold together. */
  readonly max: number
  /** The bytes the stores sharing this budget hold now. */
  used(): number
  /**
   * What a stored record counts: the UTF-8 bytes of its JSON and a slot per
   * value. Linear in the record's size. Any value of a record counts the same
   * way, and a list counts its items each plus one (its separator), so what
   * an edit adds can be counted from the values it adds alone.
   */
  sizeOf(value: unknown): number
  /** What the tombstone of a deleted record counts. */
  tombstoneOf(id: string): number
  /**
   * Refuses (STORE_FULL) a write that would bring the stores past the budget
   * by `added` bytes; a write that frees bytes, or adds none, always passes.
   */
  admit(added: number): void
  /** Refuses (STORE_FULL) a whole set of records of `total` bytes that does not fit once a store's `freed` bytes are given back. */
  admitAll(total: number, freed: number): void
  /** Counts `bytes` more (or fewer, below 0) as held: a store calls it once a write or a replacement is made. */
  charge(bytes: number): void
}

/**
 * Creates a byte budget for one store or for several that share it (the
 * standalone server's default mock and its sessions). A record counts the
 * bytes its JSON takes as a persisted file writes it (UTF-8, escapes
 * included: a control character 6 bytes, a quote or a backslash 2, a
 * character past ASCII its UTF-8 length) and 16 bytes for each of its
 * values, so what the budget admits both fits in memory and is bounded on
 * disk. A record is measured when it is stored and again when it is replaced or
 * deleted (records are never edited in place, so both read the same): a
 * write costs what it changes, and no size is kept beside each record for
 * the collector to walk.
 *
 * @example
 * const budget = createStoreBudget(64 * 1024 * 1024)
 * budget.admit(budget.sizeOf(record)) // throws STORE_FULL past 64 MiB held by all its stores
 */
export function createStoreBudget(max: number = DEFAULT_MAX_STORE_BYTES): StoreBudget {
  checkMax(max)
  let used = 0
  return {
    max,
    used: () => used,
    sizeOf: valueBytes,
    tombstoneOf: (id) => stringBytes(id) + VALUE_BYTES,
    admit(added) {
      if (added <= 0 || used + added <= max) return
      throw new MockServiceError(
        'STORE_FULL',
        `The store is full: this write needs ${added} more bytes and the store holds ${used} of its ${max}-byte budget (maxStoreBytes). Delete records, or start the mock with a larger maxStoreBytes (--max-store-bytes on the command line).`,
      )
    },
    admitAll(total, freed) {
      const others = used - freed
      if (others + total <= max) return
      const held = others > 0 ? ` beside the ${others} bytes other mocks sharing the budget hold` : ''
      throw new MockServiceError(
        'STORE_FULL',
        `The records to load hold ${total} bytes, more than fit in the store's ${max}-byte budget (maxStoreBytes)${held}. Load fewer records, or start the mock with a larger maxStoreBytes (--max-store-bytes on the command line).`,
      )
    },
    charge(bytes) {
      used += bytes
    },
  }
}

/**
 * What a value of a record counts: the bytes of its JSON (a key its own
 * JSON, a colon and a comma) and a slot per value. One pass over the record.
 */
function valueBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value) + VALUE_BYTES
  if (typeof value !== 'object' || value === null) return scalarBytes(value) + VALUE_BYTES
  let bytes = VALUE_BYTES + 2
  if (Array.isArray(value)) {
    for (const item of value) bytes += valueBytes(item) + 1
    return bytes
  }
  for (const key in value) bytes += stringBytes(key) + 2 + valueBytes((value as Record<string, unknown>)[key])
  return bytes
}

/** The bytes of a number, boolean or null as JSON writes it (an absent value counts nothing more than its slot). */
function scalarBytes(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4
  if (typeof value === 'boolean') return value ? 4 : 5
  return value === null ? 4 : 0
}

/** Texts up to this length are counted by the loop alone. */
const SHORT_TEXT = 64

/** Text that JSON writes as it is, one byte a character. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

/**
 * The UTF-8 bytes of a string as JSON writes it, quotes included: `\b \t \n
 * \f \r " \\` 2 bytes, other control characters and lone surrogates 6
 * (`\u00XX`), other characters their UTF-8 length.
 */
function stringBytes(text: string): number {
  // A short text (a key, an id, a timestamp) is read faster character by character than by the expression.
  if (text.length > SHORT_TEXT && PLAIN_ASCII.test(text)) return text.length + 2
  let bytes = 2
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x20) bytes += SHORT_ESCAPES.has(code) ? 2 : 6
    else if (code === 0x22 || code === 0x5c) bytes += 2
    else if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code < 0xd800 || code > 0xdfff) bytes += 3
    else if (code < 0xdc00 && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4
      index++
    } else bytes += 6
  }
  return bytes
}

/** The control characters JSON writes with a two-byte escape: \b \t \n \f \r. */
const SHORT_ESCAPES: ReadonlySet<number> = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d])

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

function checkMax(max: number): void {
  invariant(
    Number.isSafeInteger(max) && max > 0,
    'Failed to create the store: maxStoreBytes %s is not a whole number of bytes above 0. Pass one such as %s (512 MiB).',
    max,
    DEFAULT_MAX_STORE_BYTES,
  )
}

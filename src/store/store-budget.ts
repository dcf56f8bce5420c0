import { invariant } from 'outvariant'
import { MockServiceError } from '../errors.js'

/** What the store may hold by default: 512 MiB of records. */
const DEFAULT_MAX_STORE_BYTES = 512 * 1024 * 1024

/** What one value of a record counts besides its text: a slot that points at it. */
const VALUE_BYTES = 16

/** The bytes the stores sharing a budget hold, measured once per record and checked against it. */
export interface StoreBudget {
  /** The most bytes the stores sharing this budget may hold together. */
  readonly max: number
  /** The bytes the stores sharing this budget hold now. */
  used(): number
  /** What a stored record counts: its text and a slot per value. Linear in the record's size. */
  sizeOf(record: object): number
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
 * length of every string it holds and 16 bytes for each of its values.
 * A record is measured when it is stored and again when it is replaced or
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
    tombstoneOf: (id) => id.length + VALUE_BYTES,
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

/** What a value of a record counts: a string its length, any value a slot, an object or array its values too. */
function valueBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + VALUE_BYTES
  if (typeof value !== 'object' || value === null) return VALUE_BYTES
  let bytes = VALUE_BYTES
  if (Array.isArray(value)) {
    for (const item of value) bytes += valueBytes(item)
    return bytes
  }
  for (const key in value) bytes += valueBytes((value as Record<string, unknown>)[key])
  return bytes
}

function checkMax(max: number): void {
  invariant(
    Number.isSafeInteger(max) && max > 0,
    'Failed to create the store: maxStoreBytes %s is not a whole number of bytes above 0. Pass one such as %s (512 MiB).',
    max,
    DEFAULT_MAX_STORE_BYTES,
  )
}

import { invariant } from 'outvariant'
import type { RequestRecord } from '../execution/execute-operation.js'

/** One request the mock answered, as the journal keeps it. */
export type JournalEntry = RequestRecord

/** The requests the mock answered since the last reset or clear, newest `limit` of them. */
export interface Journal {
  /** The entries kept, oldest first (a copy: later requests do not change it). */
  readonly entries: readonly JournalEntry[]
  /** The entries of one operation. */
  byOperation(operation: string): JournalEntry[]
  record(entry: JournalEntry): void
  clear(): void
  /** How many entries are kept; older ones are dropped as new ones arrive. */
  readonly limit: number
  /** How many entries were dropped since the last clear, to stay within the limit. */
  readonly dropped: number
}

/** The default number of entries a journal keeps (a long demo session must not grow without bound). */
const DEFAULT_JOURNAL_LIMIT = 10_000

/**
 * Creates an empty request journal that keeps the newest `limit` entries.
 *
 * @example
 * const journal = createJournal({ limit: 1_000 })
 * journal.byOperation('conversationsSnapshot').length
 */
export function createJournal({ limit = DEFAULT_JOURNAL_LIMIT }: { limit?: number } = {}): Journal {
  invariant(
    Number.isSafeInteger(limit) && limit >= 0,
    'Failed to create the request journal: the limit %s is not a whole number of 0 or more. Pass one such as 10000 (0 keeps no entries).',
    limit,
  )
  // A ring: `slots` holds the newest entries; once full, the oldest is at `start`.
  let slots: JournalEntry[] = []
  let start = 0
  let dropped = 0
  const entries = (): JournalEntry[] => [...slots.slice(start), ...slots.slice(0, start)]
  return {
    get entries() {
      return entries()
    },
    byOperation: (operation) => entries().filter((entry) => entry.operation === operation),
    record(entry) {
      if (limit === 0) {
        dropped++
      } else if (slots.length < limit) {
        slots.push(entry)
      } else {
        slots[start] = entry
        start = (start + 1) % limit
        dropped++
      }
    },
    clear() {
      slots = []
      start = 0
      dropped = 0
    },
    limit,
    get dropped() {
      return dropped
    },
  }
}

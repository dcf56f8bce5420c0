import { invariant } from 'outvariant'
import type { Answer } from '../execution/answer.js'
import type { RequestRecord } from '../execution/execute-operation.js'
import { createResponseCopies, type ResponseCopy } from './response-copies.js'

/** One request the mock answered, as the journal keeps it. */
export type JournalEntry = RequestRecord

/** The requests the mock answered since the last reset or clear, newest `limit` of them. */
export interface Journal {
  /** The entries kept, oldest first (a copy: later requests do not change it). */
  readonly entries: readonly JournalEntry[]
  /** The entries of one operation. */
  byOperation(operation: string): JournalEntry[]
  /** Keeps a request, and a bounded copy of its answer's body (see `response`). */
  record(entry: JournalEntry, answer?: Answer): void
  clear(): void
  /**
   * The id of the newest entry: entries are numbered from 1 in the order they
   * arrive, and numbers are never given twice (not even after a clear). The
   * kept entries are `lastId - entries.length + 1` to `lastId`.
   */
  readonly lastId: number
  /** The kept entry of an id, if it is still kept. */
  entry(id: number): JournalEntry | undefined
  /**
   * The answer of a kept entry: status, content type and the first 64 KiB of
   * its body; the newest entries' bodies are kept up to 8 MiB in all.
   */
  response(id: number): ResponseCopy | undefined
  /** Hears of each entry as it is kept, and of clears; returns the function that stops listening. */
  subscribe(listener: JournalListener): () => void
  /** How many entries are kept; older ones are dropped as new ones arrive. */
  readonly limit: number
  /** How many entries were dropped since the last clear, to stay within the limit. */
  readonly dropped: number
}

/** What journal listeners hear: an entry and its id, or `undefined` when the journal was cleared. */
export type JournalListener = (entry: JournalEntry | undefined, id: number) => void

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
  let lastId = 0
  const responses = createResponseCopies(limit)
  const listeners = new Set<JournalListener>()
  const entries = (): JournalEntry[] => [...slots.slice(start), ...slots.slice(0, start)]
  function entryOf(id: number): JournalEntry | undefined {
    const at = id - (lastId - slots.length + 1)
    if (!Number.isInteger(at) || at < 0 || at >= slots.length) return undefined
    return slots[(start + at) % slots.length]
  }
  const tell = (entry: JournalEntry | undefined, id: number) => {
    // A listener's failure never reaches the request being answered.
    for (const listener of listeners) {
      try {
        listener(entry, id)
      } catch (error) {
        console.error(error)
      }
    }
  }
  return {
    get entries() {
      return entries()
    },
    byOperation: (operation) => entries().filter((entry) => entry.operation === operation),
    record(entry, answer) {
      const id = ++lastId
      if (answer && limit > 0) responses.keep(id, answer)
      if (limit === 0) {
        dropped++
      } else if (slots.length < limit) {
        slots.push(entry)
      } else {
        slots[start] = entry
        start = (start + 1) % limit
        dropped++
      }
      if (listeners.size > 0) tell(entry, id)
    },
    clear() {
      slots = []
      start = 0
      dropped = 0
      responses.clear()
      if (listeners.size > 0) tell(undefined, lastId)
    },
    get lastId() {
      return lastId
    },
    entry: entryOf,
    response: (id) => (entryOf(id) ? responses.get(id) : undefined),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    limit,
    get dropped() {
      return dropped
    },
  }
}

/** One request the mock answered, as the journal keeps it. */
export interface JournalEntry {
  /** The spec's operation name, e.g. `conversationGetSpecificConversation`. */
  readonly operation: string
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly params: Readonly<Record<string, string>>
  /** The parsed JSON body, the raw text when it was not JSON, or undefined. */
  readonly body: unknown
  readonly status: number
  /** How long the mock took to answer, faults' delays included. */
  readonly durationMs: number
  /** When the request arrived, by the mock's clock (ISO-8601). */
  readonly at: string
  /** Set when an injected fault answered instead of the operation. */
  readonly faultId?: string
}

/** Every request the mock answered since the last reset or clear. */
export interface Journal {
  /** All entries, oldest first. */
  readonly entries: readonly JournalEntry[]
  /** The entries of one operation. */
  byOperation(operation: string): JournalEntry[]
  record(entry: JournalEntry): void
  clear(): void
}

/**
 * Creates an empty request journal.
 *
 * @example
 * const journal = createJournal()
 * journal.byOperation('conversationsSnapshot').length
 */
export function createJournal(): Journal {
  const entries: JournalEntry[] = []
  return {
    entries,
    byOperation: (operation) => entries.filter((entry) => entry.operation === operation),
    record: (entry) => void entries.push(entry),
    clear: () => void entries.splice(0),
  }
}

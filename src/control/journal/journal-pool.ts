/** A journal as the pool it shares sees it: what it holds, and how it lets go of its oldest. */
interface PooledJournal {
  /** The bytes it holds now: its entries and its buffer of response copies. */
  footprint(): number
  /** Lets go of its oldest entry; with none left, of its response copies too. */
  shed(): void
}

/** A journal's place in the pool: it says when it grew or shrank, and leaves when its mock closes. */
interface JournalMembership {
  /** The journal kept an entry: it becomes the most recently used, and the least recently used shed past the total. */
  recorded(): void
  /** The journal let go of entries by itself (a clear): its bytes are counted again. */
  measured(): void
  /** The journal is gone: its bytes leave the total. */
  leave(): void
}

/**
 * The bytes the journals of several mocks (the standalone server's default
 * mock and its sessions) hold together, within `max`: past it the journals
 * used least recently let go of their oldest entries first, so keeping an
 * entry never fails a request.
 */
export interface JournalPool {
  /** The most bytes the journals hold together. */
  readonly max: number
  /** The bytes they hold now. */
  readonly bytes: number
  /** Counts a journal in the pool. */
  join(journal: PooledJournal): JournalMembership
}

/**
 * Creates a pool of journals within `max` bytes in all.
 *
 * @example
 * const pool = createJournalPool(64 * 1024 * 1024)
 * const journal = createJournal({ pool })
 */
export function createJournalPool(max: number): JournalPool {
  // Insertion order is use order: a journal that keeps an entry moves to the end.
  const held = new Map<PooledJournal, number>()
  let bytes = 0
  // The journal used last is already at the end: the one keeping entry after entry moves nowhere.
  let newest: PooledJournal | undefined

  function measure(journal: PooledJournal): void {
    const before = held.get(journal)
    if (before === undefined) return
    const now = journal.footprint()
    held.set(journal, now)
    bytes += now - before
  }

  /** The journal used least recently that holds something, other than `keep` unless only it does. */
  function victim(keep: PooledJournal): PooledJournal | undefined {
    for (const [journal, size] of held) if (size > 0 && journal !== keep) return journal
    return (held.get(keep) ?? 0) > 0 ? keep : undefined
  }

  function shedPast(keep: PooledJournal): void {
    while (bytes > max) {
      const journal = victim(keep)
      if (!journal) return
      journal.shed()
      measure(journal)
    }
  }

  return {
    max,
    get bytes() {
      return bytes
    },
    join(journal) {
      held.set(journal, 0)
      newest = journal
      measure(journal)
      return {
        recorded() {
          const size = held.get(journal)
          if (size === undefined) return
          if (newest !== journal) {
            held.delete(journal)
            held.set(journal, size)
            newest = journal
          }
          measure(journal)
          shedPast(journal)
        },
        measured: () => measure(journal),
        leave() {
          bytes -= held.get(journal) ?? 0
          held.delete(journal)
          if (newest === journal) newest = undefined
        },
      }
    },
  }
}

import type { JournalRow } from '../../control/inspection/inspection-rows.js'

/** How the journal can be ordered: a label, and how two rows compare (0 keeps them newest first). */
export const JOURNAL_SORTS: readonly (readonly [string, ((a: JournalRow, b: JournalRow) => number) | undefined])[] = [
  ['newest first', undefined],
  ['oldest first', (a, b) => a.id - b.id],
  ['slowest first', (a, b) => b.durationMs - a.durationMs],
  ['fastest first', (a, b) => a.durationMs - b.durationMs],
  ['status, highest first', (a, b) => b.status - a.status],
  ['status, lowest first', (a, b) => a.status - b.status],
]

/**
 * Rows that are newest first in the order `JOURNAL_SORTS[sort]` gives them;
 * rows equal in that order stay newest first. The rows given are left as they are.
 *
 * @example
 * sortedRows(newestFirstRows, 2) // the slowest request first
 */
export function sortedRows(newestFirst: readonly JournalRow[], sort: number): readonly JournalRow[] {
  const compare = JOURNAL_SORTS[sort]?.[1]
  return compare ? [...newestFirst].sort(compare) : newestFirst
}

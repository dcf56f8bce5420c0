/**
 * Records as the service lists them: the most recently updated first; of
 * records updated at the same instant, the most recently created first, then
 * by id, descending. The order depends on the records alone, not on the order
 * they were stored in, so a state saved, imported from a HAR or restored lists
 * as it did. Stored timestamps share one form, so their text sorts as their
 * instant does. A new array; O(n log n) in the records given.
 *
 * @example
 * mostRecentFirst(store.all('conversation'))[0] // the conversation written last
 */
export function mostRecentFirst<R extends { readonly id: string; readonly created: string; readonly updated: string }>(
  records: Iterable<R>,
): R[] {
  return Array.from(records).sort(
    (a, b) => descending(a.updated, b.updated) || descending(a.created, b.created) || descending(a.id, b.id),
  )
}

function descending(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0
}

/**
 * Records as the service lists them: the most recently updated first, and
 * of records updated at the same instant the one stored last first (stored
 * timestamps share one form, so their text sorts as their instant does).
 * A new copy; O(n log n) in the records given.
 *
 * @example
 * mostRecentFirst(store.all('conversation'))[0] // the conversation written last
 */
export function mostRecentFirst<R extends { readonly updated: string }>(records: Iterable<R>): R[] {
  const list = Array.from(records).reverse()
  // Array.prototype.sort is stable: ties keep the newest-stored-first order reverse() gave.
  return list.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0))
}

import { nextTurn } from './next-turn.js'

/** A record with the fields the service's lists are ordered by. */
type Dated = { readonly id: string; readonly created: string; readonly updated: string }

/** Records sorted at once, or one run of a larger sort: a few milliseconds of work. */
const RUN = 8192

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
export function mostRecentFirst<R extends Dated>(records: Iterable<R>): R[] {
  return Array.from(records).sort(byRecency)
}

/**
 * {@link mostRecentFirst}'s order, sorted a few thousand records at a time
 * with a turn of the event loop between steps (sorted runs, then merges), so
 * that listing a million records does not keep other requests waiting for
 * the whole sort. Up to 8,192 records are sorted at once, in the same turn.
 *
 * @example
 * const conversations = await mostRecentFirstInTurns(store.all('conversation'))
 */
export async function mostRecentFirstInTurns<R extends Dated>(records: Iterable<R>): Promise<R[]> {
  let from = Array.from(records)
  const length = from.length
  if (length <= RUN) return from.sort(byRecency)
  for (let start = 0; start < length; start += RUN) {
    const run = from.slice(start, start + RUN).sort(byRecency)
    for (let at = 0; at < run.length; at++) from[start + at] = run[at]!
    await nextTurn()
  }
  let to = new Array<R>(length)
  for (let width = RUN; width < length; width *= 2) {
    for (let low = 0; low < length; low += 2 * width) {
      await merge(from, to, low, Math.min(low + width, length), Math.min(low + 2 * width, length))
    }
    ;[from, to] = [to, from]
  }
  return from
}

/** Merges the sorted `from[low, middle)` and `from[middle, high)` into `to[low, high)`, a turn between runs' worth. */
async function merge<R extends Dated>(from: R[], to: R[], low: number, middle: number, high: number): Promise<void> {
  let left = low
  let right = middle
  for (let at = low; at < high; at++) {
    to[at] =
      left < middle && (right >= high || byRecency(from[left]!, from[right]!) <= 0) ? from[left++]! : from[right++]!
    if ((at - low) % RUN === RUN - 1) await nextTurn()
  }
}

function byRecency(a: Dated, b: Dated): number {
  return descending(a.updated, b.updated) || descending(a.created, b.created) || descending(a.id, b.id)
}

function descending(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0
}

/**
 * The longest name a "did you mean" search is run for. Every operation id,
 * client method name and stream name is far shorter; a longer name is no
 * typo of one, and searching for it would cost time in its length.
 */
export const MAX_SUGGESTED_NAME_LENGTH = 128

/**
 * The edit distance between two names, ignoring case: how many characters
 * must be inserted, deleted or replaced to turn one into the other. With
 * `limit`, the work stops as soon as the distance is known to pass it, and
 * `limit + 1` is returned then: names whose lengths differ by more than
 * `limit` are not compared at all, and a row of the table whose every cell
 * passes the limit ends the search.
 *
 * @example
 * editDistance('assetSnapshott', 'assetSnapshot') // 1
 * editDistance('a'.repeat(1_000_000), 'asset', 3) // 4, at once
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  const from = a.toLowerCase()
  const to = b.toLowerCase()
  let previous = Array.from({ length: to.length + 1 }, (_, at) => at)
  for (let i = 1; i <= from.length; i++) {
    const current = [i]
    let smallest = i
    for (let j = 1; j <= to.length; j++) {
      const replace = previous[j - 1]! + (from[i - 1] === to[j - 1] ? 0 : 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, replace)
      smallest = Math.min(smallest, current[j]!)
    }
    // Every way on from this row costs more than the limit already.
    if (smallest > limit) return limit + 1
    previous = current
  }
  return Math.min(previous[to.length]!, limit + 1)
}

/**
 * The names nearest to one that is not among them, nearest first: at most
 * `count`, each within a third of the name's length (and at least 3) edits.
 * A name longer than {@link MAX_SUGGESTED_NAME_LENGTH} gets none, and is
 * not searched for: the work is bounded by the candidates' lengths alone.
 *
 * @example
 * closestNames('conversationSnapshot', ['conversationsSnapshot', 'asset_snapshot']) // ['conversationsSnapshot']
 */
export function closestNames(name: string, names: Iterable<string>, count = 3): string[] {
  if (name.length > MAX_SUGGESTED_NAME_LENGTH) return []
  const within = Math.max(3, Math.ceil(name.length / 3))
  return [...names]
    .map((candidate) => ({ candidate, distance: editDistance(name, candidate, within) }))
    .filter(({ distance }) => distance <= within)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate)
}

/**
 * A name as an error message quotes it: whole when short, else its first
 * characters and how long it is, so a refusal of a huge name stays small.
 *
 * @example
 * quotedName('assetSnapshott') // '"assetSnapshott"'
 * quotedName('x'.repeat(1000)) // its first 40 characters, then '…" (1000 characters)'
 */
export function quotedName(name: string): string {
  if (name.length <= MAX_SUGGESTED_NAME_LENGTH) return `"${name}"`
  return `"${name.slice(0, 40)}…" (${name.length} characters)`
}

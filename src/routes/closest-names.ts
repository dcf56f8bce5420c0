/**
 * The edit distance between two names, ignoring case: how many characters
 * must be inserted, deleted or replaced to turn one into the other.
 *
 * @example
 * editDistance('assetSnapshott', 'assetSnapshot') // 1
 */
export function editDistance(a: string, b: string): number {
  const from = a.toLowerCase()
  const to = b.toLowerCase()
  let previous = Array.from({ length: to.length + 1 }, (_, at) => at)
  for (let i = 1; i <= from.length; i++) {
    const current = [i]
    for (let j = 1; j <= to.length; j++) {
      const replace = previous[j - 1]! + (from[i - 1] === to[j - 1] ? 0 : 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, replace)
    }
    previous = current
  }
  return previous[to.length]!
}

/**
 * The names nearest to one that is not among them, nearest first: at most
 * `count`, each within a third of the name's length (and at least 3) edits.
 *
 * @example
 * closestNames('conversationSnapshot', ['conversationsSnapshot', 'asset_snapshot']) // ['conversationsSnapshot']
 */
export function closestNames(name: string, names: Iterable<string>, count = 3): string[] {
  const within = Math.max(3, Math.ceil(name.length / 3))
  return [...names]
    .map((candidate) => ({ candidate, distance: editDistance(name, candidate) }))
    .filter(({ distance }) => distance <= within)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate)
}

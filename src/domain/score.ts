import type { SeededScore } from './inputs/seeds.js'
import type { ScoreRecord } from '../store/schemas/schemas.js'

const COUNTERS = ['reuse', 'update', 'reference', 'priority', 'searched'] as const

/**
 * A score with one added to each counter the SeededScore sets to true.
 *
 * @example
 * incrementScore({ manual: 0, automatic: 0 }, { reuse: true }) // { manual: 0, automatic: 0, reuse: 1 }
 */
export function incrementScore(score: ScoreRecord, seeded: SeededScore | undefined): ScoreRecord {
  const next = { ...score }
  for (const counter of COUNTERS) {
    if (seeded?.[counter] === true) next[counter] = (next[counter] ?? 0) + 1
  }
  return next
}

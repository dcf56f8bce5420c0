import type { Words } from './word-lists.js'
import type { Random } from './seeded-sources.js'

/** The seeded sources every part of the generation draws from. */
export interface Context {
  random: Random
  /** Fewest and most messages per conversation. */
  messageRange: readonly [number, number]
  words: Words
  uuid: () => string
  iso: (ms: number) => string
  /** A random instant, in whole seconds, within the span after the epoch. */
  moment: () => number
  /** Counts one asset or conversation done, reporting progress every 1,000. */
  advance: () => void
}

import { describe, expect, it } from 'vitest'
import { mostRecentFirst, mostRecentFirstInTurns } from '../../src/store/most-recent-first.js'

/** `count` records with a few distinct instants, so ties fall back to `created`, then to the id. */
const records = (count: number) =>
  Array.from({ length: count }, (_, at) => ({
    id: `r-${String((at * 7919) % count).padStart(6, '0')}`,
    created: `2024-05-0${1 + (at % 3)}T12:00:00.000Z`,
    updated: `2024-06-0${1 + ((at * 31) % 5)}T12:00:00.000Z`,
  }))

describe('a large list sorted a few thousand records at a time', () => {
  it('comes out in the order the whole sort gives, for any length', async () => {
    for (const count of [0, 1, 8_192, 8_193, 20_000, 40_001]) {
      const given = records(count)
      expect(await mostRecentFirstInTurns(given)).toEqual(mostRecentFirst(given))
    }
  })

  it('lets other work run while it sorts', async () => {
    let ran = false
    setImmediate(() => (ran = true))
    const sorting = mostRecentFirstInTurns(records(40_000)).then(() => ran)
    // The callback queued before the sort ran before the sort ended.
    expect(await sorting).toBe(true)
  })
})

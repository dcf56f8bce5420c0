import { SimpleFaker } from '@faker-js/faker'
import { describe, expect, it } from 'vitest'
import { createUuid, seededIds } from '../../src/store/clock-and-ids/seeded-ids.js'
import { seededRandom } from '../../src/store/clock-and-ids/seeded-random.js'

const SEEDS = [0, 1, 7, 42, 2 ** 31 + 5, 2 ** 40 + 3]

describe('the seeded random source', () => {
  it.each(SEEDS)(
    'draws the same whole numbers as a faker seeded with %d, across several twists of its state',
    (seed) => {
      const ours = seededRandom(seed)
      const faker = new SimpleFaker({ seed })
      const ranges: Array<[number, number]> = [
        [0, 0xffffffff],
        [0, 9],
        [5, 5],
        [-3, 3],
        [100, 2500],
      ]
      for (let draw = 0; draw < 2000; draw++) {
        const [min, max] = ranges[draw % ranges.length]!
        expect(ours.int(min, max)).toBe(faker.number.int({ min, max }))
      }
    },
  )

  it('gives new records the ids a seeded faker gave them before', () => {
    const ids = seededIds(42)
    const fakerIds = createUuid((min, max) => faker42.number.int({ min, max }))
    const faker42 = new SimpleFaker({ seed: 42 })
    for (let i = 0; i < 100; i++) expect(ids()).toBe(fakerIds())
  })
})

import { describe, expect, it } from 'vitest'
import { createJournalPool } from '../../src/control/journal/journal-pool.js'

/** A journal as the pool sees it: `held` bytes, each shed letting 100 go. */
function fakeJournal(name: string, shed: string[]) {
  const journal = {
    held: 0,
    footprint: () => journal.held,
    shed() {
      shed.push(name)
      journal.held = Math.max(0, journal.held - 100)
    },
  }
  return journal
}

describe('a pool of journals', () => {
  it('sheds the journal used least recently first, counting a journal that joined as used', () => {
    const shed: string[] = []
    const pool = createJournalPool(1000)
    const a = fakeJournal('a', shed)
    const b = fakeJournal('b', shed)
    const c = fakeJournal('c', shed)
    const inA = pool.join(a)
    a.held = 300
    inA.recorded()
    b.held = 300
    pool.join(b)
    // a keeps an entry after b joined: b is now the one used least recently.
    a.held = 400
    inA.recorded()
    c.held = 400
    const inC = pool.join(c)

    expect(pool.bytes).toBe(1100)
    expect(shed).toEqual([])
    c.held = 500
    inC.recorded()
    expect(shed).toEqual(['b', 'b'])
    expect(pool.bytes).toBeLessThanOrEqual(1000)
  })

  it('keeps a journal that records entry after entry the most recently used', () => {
    const shed: string[] = []
    const pool = createJournalPool(600)
    const a = fakeJournal('a', shed)
    const b = fakeJournal('b', shed)
    const inA = pool.join(a)
    const inB = pool.join(b)
    b.held = 300
    inB.recorded()
    for (let entry = 1; entry <= 3; entry++) {
      a.held = 100 * entry
      inA.recorded()
    }
    b.held = 400
    inB.recorded()
    // b was used last, so a, used before it, sheds.
    expect(shed).toEqual(['a'])
    expect(pool.bytes).toBe(600)
  })
})

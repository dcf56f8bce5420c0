import { describe, expect, it } from 'vitest'
import { createJournal } from '../../src/control/journal/journal.js'
import { createJournalPool } from '../../src/control/journal/journal-pool.js'
import { streamConnection } from '../../src/events/stream-connection.js'
import { requestRecord } from '../support/request-record.js'

const hooks = { now: () => new Date('2024-05-01T12:00:00.000Z') }
const request = (path: string) => requestRecord({ path })

/** A journal in a pool of `max` bytes with one WebSocket session opened under its next id. */
function journalWithSocket(max: number) {
  const pool = createJournalPool(max)
  const journal = createJournal({ pool })
  const socket = streamConnection(hooks, 'qgpt', '/qgpt/stream')
  journal.recordConnection(socket)
  journal.frames.open(socket, journal.lastId)
  return { pool, journal, socket }
}

describe("WebSocket frames in the journal's shared byte total", () => {
  it('counts the frames both ways in the journal’s bytes and in the pool it shares', () => {
    const { pool, journal, socket } = journalWithSocket(64 * 1024 * 1024)
    const before = { journal: journal.bytes, pool: pool.bytes }
    journal.frames.sent(socket, 'x'.repeat(1000))
    journal.frames.received(socket, 'y'.repeat(500))
    expect(journal.bytes - before.journal).toBeGreaterThanOrEqual(1500)
    expect(pool.bytes - before.pool).toBe(journal.bytes - before.journal)
  })

  it('lets older entries go when frames push the pool past its total, and stays within it', () => {
    const { pool, journal, socket } = journalWithSocket(256 * 1024)
    for (let n = 0; n < 100; n++) journal.record(request(`/conversations/${n}`))
    expect(journal.dropped).toBe(0)
    const entries = journal.entries.length

    for (let n = 0; n < 400; n++) journal.frames.sent(socket, `${n}`.padEnd(2048, '.'))

    expect(pool.bytes).toBeLessThanOrEqual(pool.max)
    expect(journal.entries.length).toBeLessThan(entries)
    expect(journal.dropped).toBeGreaterThan(0)
    expect(journal.frames.bytes).toBeGreaterThan(0)
  })

  it('gives the frames’ bytes back when the journal is cleared', () => {
    const { pool, journal, socket } = journalWithSocket(64 * 1024 * 1024)
    for (let n = 0; n < 10; n++) journal.frames.sent(socket, 'z'.repeat(1000))
    expect(pool.bytes).toBeGreaterThanOrEqual(10_000)
    journal.clear()
    expect(journal.frames.bytes).toBe(0)
    expect(journal.bytes).toBe(0)
    expect(pool.bytes).toBe(0)
    expect(journal.frames.of(1)).toBeUndefined()
  })

  it('lets go first the frames of sessions whose entry the journal no longer keeps', () => {
    const pool = createJournalPool(96 * 1024)
    const journal = createJournal({ pool, limit: 2 })
    const old = streamConnection(hooks, 'qgpt', '/qgpt/stream')
    journal.recordConnection(old)
    journal.frames.open(old, journal.lastId)
    for (let n = 0; n < 20; n++) journal.frames.sent(old, 'o'.repeat(2000))
    // Its entry goes past the journal's limit of 2: its frames are read by no one.
    const socket = streamConnection(hooks, 'qgpt', '/qgpt/stream')
    journal.recordConnection(socket)
    journal.frames.open(socket, journal.lastId)
    journal.record(request('/conversations'))
    expect(journal.entry(1)).toBeUndefined()

    for (let n = 0; n < 30; n++) journal.frames.sent(socket, 'n'.repeat(2000))

    expect(pool.bytes).toBeLessThanOrEqual(pool.max)
    expect(journal.frames.of(2)!.frames.length).toBe(30)
    expect(journal.frames.of(1)!.frames.length).toBeLessThan(20)
    expect(journal.entries.length).toBe(2)
  })
})

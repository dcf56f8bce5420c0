import { describe, expect, it } from 'vitest'
import { createJournal } from '../../src/control/journal/journal.js'
import type { RequestRecord } from '../../src/execution/execute-operation.js'

/** A record as the executor makes it: its fields in the executor's order. */
function record(n: number, extra: Partial<RequestRecord> = {}): RequestRecord {
  return {
    operation: n % 2 ? 'conversationsSnapshot' : 'asset_snapshot',
    method: n % 3 ? 'GET' : 'POST',
    path: n % 2 ? '/conversations' : `/asset/a${n}`,
    query: n % 4 ? Object.freeze({}) : { transferables: 'false' },
    params: n % 2 ? Object.freeze({}) : { asset: `a${n}` },
    bodyText: n % 3 ? '' : `{"n":${n}}`,
    status: n % 5 ? 200 : 500,
    durationMs: n + 0.25,
    at: `2024-05-01T12:00:0${n % 10}.000Z`,
    ...extra,
  }
}

/** The entry the journal shows of a record: its fields without the text, `transport` and the parsed body. */
function entryOf({ bodyText, ...fields }: RequestRecord) {
  return { ...fields, transport: 'http', body: bodyText === '' ? undefined : JSON.parse(bodyText) }
}

describe('the journal keeps requests field by field', () => {
  it('shows each entry as its record was, fields in their order, after the ring has wrapped several times', () => {
    const journal = createJournal({ limit: 4 })
    const records = Array.from({ length: 11 }, (_, n) => record(n, n === 9 ? { faultId: 'fault-1' } : {}))
    for (const each of records) journal.record(each)
    const expected = records.slice(-4).map(entryOf)
    expect(journal.entries).toEqual(expected)
    expect(journal.entries.map((entry) => Object.keys(entry))).toEqual(expected.map((entry) => Object.keys(entry)))
    // Ids count from 1: the record of n = 9 is entry 10, and entries 8 to 11 are kept.
    expect(journal.entry(10)).toMatchObject({ faultId: 'fault-1', path: '/conversations' })
    expect(journal.entry(7)).toBeUndefined()
    expect(journal.entry(9)!.faultId).toBeUndefined()
  })

  it('gives the same entry each time it is read, and a path sent again as the same text', () => {
    const journal = createJournal({ limit: 10 })
    journal.record(record(1, { path: ['/conv', 'ersations'].join('') }))
    journal.record(record(3, { path: ['/conversa', 'tions'].join('') }))
    expect(journal.entry(1)).toBe(journal.entry(1))
    expect(journal.entry(2)!.path).toBe('/conversations')
    expect(journal.byOperation('conversationsSnapshot')).toHaveLength(2)
  })

  it('starts afresh on clear, its ids going on', () => {
    const journal = createJournal({ limit: 3 })
    for (let n = 0; n < 5; n++) journal.record(record(n))
    journal.clear()
    journal.record(record(7))
    expect(journal.entries).toEqual([entryOf(record(7))])
    expect(journal.lastId).toBe(6)
    expect(journal.entry(6)).toEqual(entryOf(record(7)))
  })
})

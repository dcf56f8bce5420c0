import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { JsonPieces } from '../../src/execution/json-pieces.js'
import { collectionOf, toFlattened } from '../../src/wire/flattened.js'
import { streamedIds, streamedList, streamedRecords } from '../../src/wire/json/streamed-collection.js'

/** Ids as a store may hold them: uuids, words, and ids a JavaScript object orders first (array indices). */
const anId = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 6 }),
  fc.nat({ max: 5_000_000_000 }).map(String),
  fc.constantFrom('0', '01', '-1', '4294967294', '4294967295', '1e3', ' 1'),
)

/** A record of `id` whose wire form is large enough that a few hundred pass one piece of 64 KiB. */
const recordOf = (id: string, at: number) => ({ id, text: `${at}:`.padEnd(300, 'x'), quote: '"\\\n' })
const toWire = (record: { id: string; text: string }) => ({ id: record.id, text: record.text, nested: { at: 1 } })

describe('a list answer written one record at a time', () => {
  it('writes exactly what collectionOf and JSON.stringify write, in pieces and whole', () => {
    const lists = fc.record({
      ids: fc.uniqueArray(anId, { maxLength: 400 }),
      removed: fc.uniqueArray(anId, { maxLength: 20 }),
      repeat: fc.constantFrom(1, 300),
    })
    fc.assert(
      fc.property(lists, ({ ids, removed, repeat }) => {
        const all =
          repeat === 1 ? ids : Array.from({ length: ids.length * repeat }, (_, at) => `${ids[at % ids.length]}#${at}`)
        const unique = [...new Set(all)]
        const records = unique.map(recordOf)
        const gone = new Set(removed)
        const expected = JSON.stringify(collectionOf(records, toWire, gone))
        const streamed = streamedRecords(records, toWire, gone)
        expect([...new JsonPieces(streamed)].join('')).toBe(expected)
        expect(JSON.stringify(streamed)).toBe(expected)
      }),
      { seed: 3_117, numRuns: 60 },
    )
  })

  it('writes ids as toFlattened does and records without indices as a plain iterable', () => {
    const ids = ['b', '10', 'a', '2', '0', ...Array.from({ length: 3_000 }, (_, at) => `id-${at}`)]
    expect([...new JsonPieces(streamedIds(ids))].join('')).toBe(JSON.stringify(toFlattened(ids)))
    expect(JSON.stringify(streamedIds([]))).toBe(JSON.stringify(toFlattened([])))
    const records = ids.map(recordOf)
    expect([...new JsonPieces(streamedList(records, toWire))].join('')).toBe(
      JSON.stringify({ iterable: records.map(toWire) }),
    )
  })

  it('builds each wire form only as it is written, one piece ahead at most', () => {
    const records = Array.from({ length: 2_000 }, (_, at) => recordOf(`id-${at}`, at))
    let built = 0
    const pieces = new JsonPieces(
      streamedRecords(records, (record) => {
        built++
        return toWire(record)
      }),
    )[Symbol.iterator]()
    pieces.next()
    // A piece is about 64 KiB: a couple of hundred of these records, not all 2,000.
    expect(built).toBeLessThan(400)
  })
})

import { describe, expect, it } from 'vitest'
import { createLegacyStateScanner } from '../../src/persistence/file/legacy-state-scanner.js'

const state = {
  format: 'conversation-asset-mock/state',
  version: 1,
  seq: 42,
  records: {
    tag: [
      {
        id: 't1',
        text: 'brackets {[,]} and "quotes" and \\ backslashes \\"',
        nested: { list: [1, [2, { three: 3 }]] },
      },
      { id: 't2', text: '\u0001\u001f\n control characters, é and 😀' },
    ],
    asset: [],
    message: [{ id: 'm1', raw: '\\\\' }],
  },
  gone: { tag: ['t0', 'with "quote"'] },
}

/** Scans `text` in pieces of `size` bytes; gives the values handed on, by section and kind, and the skeleton. */
function scan(text: string, size: number) {
  const found: Array<[string, string, number, unknown]> = []
  const scanner = createLegacyStateScanner((element) =>
    found.push([element.section, element.kind, element.index, JSON.parse(element.json.toString('utf8'))]),
  )
  const bytes = Buffer.from(text)
  for (let start = 0; start < bytes.length; start += size) scanner.push(bytes.subarray(start, start + size))
  return { found, skeleton: scanner.skeleton, end: scanner.end() }
}

describe('the scanner of a previous-version state file', () => {
  for (const size of [1, 3, 7, 64, 1 << 20]) {
    it(`hands on every record and tombstone whole, read in pieces of ${size} bytes`, () => {
      const { found, skeleton, end } = scan(JSON.stringify(state, null, size === 3 ? 2 : undefined), size)
      expect(found).toEqual([
        ['records', 'tag', 0, state.records.tag[0]],
        ['records', 'tag', 1, state.records.tag[1]],
        ['records', 'message', 0, state.records.message[0]],
        ['gone', 'tag', 0, 't0'],
        ['gone', 'tag', 1, 'with "quote"'],
      ])
      expect(JSON.parse(skeleton)).toEqual({ format: state.format, version: 1, seq: 42, records: 0, gone: 0 })
      expect(end).toBeUndefined()
    })
  }

  it('says where a text cut short ends, and hands on the records before it', () => {
    const text = JSON.stringify(state)
    const { found, end } = scan(text.slice(0, text.indexOf('"m1"')), 5)
    expect(found.map(([, kind, index]) => `${kind}[${index}]`)).toEqual(['tag[0]', 'tag[1]'])
    expect(end).toMatch(/^the file ends at byte \d+ inside records\.message\[0\]: it was cut short/)
  })
})

import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cloneRecord } from '../../src/store/schemas/parse-record.js'

// Any UTF-16 code units, lone surrogates among them.
const texts = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
  .map((codes) => String.fromCharCode(...codes))

/** utf8Length as a runtime with or without Node's Buffer loads it. */
async function loadUtf8Length(withBuffer: boolean): Promise<(text: string) => number> {
  vi.resetModules()
  if (!withBuffer) vi.stubGlobal('Buffer', undefined)
  return (await import('../../src/wire/json/utf8-length.js')).utf8Length
}

describe('the wire copies of stored values', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it.each([
    ['with Node’s Buffer', true],
    ['in a runtime without Buffer (a browser)', false],
  ])('counts the UTF-8 bytes of any text as TextEncoder encodes it, %s', async (_, withBuffer) => {
    const utf8Length = await loadUtf8Length(withBuffer)
    const encoder = new TextEncoder()
    fc.assert(
      fc.property(texts, (text) => {
        expect(utf8Length(text)).toBe(encoder.encode(text).byteLength)
      }),
      { seed: 2_703, numRuns: 300 },
    )
  })

  it('copies a stored value into new objects and arrays that equal it, sharing its texts', () => {
    const stored = { string: { raw: 'print(1)', metadata: { lines: [1, 2] } } }
    const copy = cloneRecord(stored)
    expect(copy).toStrictEqual(stored)
    expect(copy.string).not.toBe(stored.string)
    expect(copy.string.metadata.lines).not.toBe(stored.string.metadata.lines)
  })
})

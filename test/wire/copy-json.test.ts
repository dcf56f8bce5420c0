import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { copyJson, utf8Length } from '../../src/wire/copy-json.js'

describe('the wire copies of stored values', () => {
  it('counts the UTF-8 bytes of any text as TextEncoder encodes it, lone surrogates included', () => {
    const encoder = new TextEncoder()
    // Any UTF-16 code units, lone surrogates among them.
    const texts = fc
      .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
      .map((codes) => String.fromCharCode(...codes))
    fc.assert(
      fc.property(texts, (text) => {
        expect(utf8Length(text)).toBe(encoder.encode(text).byteLength)
      }),
      { seed: 2_703, numRuns: 300 },
    )
  })

  it('copies a stored value into new objects and arrays that equal it', () => {
    const stored = { string: { raw: 'print(1)', metadata: { lines: [1, 2] } }, gone: undefined }
    const copy = copyJson(stored)
    expect(copy).toStrictEqual(stored)
    expect(copy.string).not.toBe(stored.string)
    expect(copy.string.metadata.lines).not.toBe(stored.string.metadata.lines)
  })
})

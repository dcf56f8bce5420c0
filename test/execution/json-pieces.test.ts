import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bodyText, headAnswer, jsonAnswer } from '../../src/execution/answer.js'
import { JsonPieces } from '../../src/execution/json-pieces.js'

/** A long text with every kind of character JSON escapes, and surrogate pairs across piece boundaries. */
const awkwardText = (length: number) => {
  const alphabet = ['a', '"', '\\', '\n', '\u0001', 'é', '😀', '\ud800', '\udc00', '</script>']
  let text = ''
  for (let at = 0; text.length < length; at++) text += alphabet[(at * 7) % alphabet.length]
  return text
}

describe('a large JSON answer written in pieces', () => {
  it('joins to exactly what JSON.stringify writes, whatever the value', () => {
    // Large values made of small arbitrary ones repeated: strings past one piece, long arrays.
    const large = fc.oneof(
      fc
        .tuple(
          fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 12 }),
          fc.integer({ min: 8_000, max: 20_000 }),
        )
        .map(([codes, times]) => String.fromCharCode(...codes).repeat(times)),
      fc.constant(awkwardText(200_001)),
      fc
        .array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 8 })
        .map((items) => Array.from({ length: 3_000 }, (_, at) => items[at % items.length])),
    )
    const value = fc.record({
      iterable: fc.array(fc.oneof(fc.jsonValue({ maxDepth: 2 }), large), { maxLength: 5 }),
      gap: fc.constantFrom(undefined, null, 1),
    })
    fc.assert(
      fc.property(value, (body) => {
        const pieces = [...new JsonPieces(body)]
        expect(pieces.join('')).toBe(JSON.stringify(body))
      }),
      { seed: 2_702, numRuns: 10 },
    )
  }, 60_000)

  it('leaves out what JSON.stringify leaves out, and writes null for it in arrays', () => {
    const big = 'z'.repeat(70_000)
    const body = { a: undefined, b: () => 1, list: [undefined, () => 1, big, new Date(0)], big }
    expect([...new JsonPieces(body)].join('')).toBe(JSON.stringify(body))
  })

  it('holds no piece much larger than 64 KiB of text', () => {
    const body = { iterable: Array.from({ length: 40 }, (_, at) => ({ id: String(at), text: 'x'.repeat(300_000) })) }
    const sizes = [...new JsonPieces(body)].map((piece) => piece.length)
    expect(sizes.length).toBeGreaterThan(100)
    expect(Math.max(...sizes)).toBeLessThan(2 * 64 * 1024 + 100)
  })

  it('is one string for a small answer and pieces past 1 MiB, with the same text and length', () => {
    const small = jsonAnswer(200, { iterable: [{ id: 'a' }] })
    expect('body' in small && small.body).toBe('{"iterable":[{"id":"a"}]}')
    const value = { iterable: Array.from({ length: 30 }, () => ({ text: 'é'.repeat(50_000) })) }
    const large = jsonAnswer(200, value)
    if ('networkError' in large || large.body === undefined) throw new Error('expected a body')
    expect(large.body).toBeInstanceOf(JsonPieces)
    expect(bodyText(large.body)).toBe(JSON.stringify(value))
    expect(headAnswer(large)).toMatchObject({ contentLength: Buffer.byteLength(JSON.stringify(value)) })
  })
})

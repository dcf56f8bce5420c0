import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { bodyLength, bodyText } from '../../src/execution/answer.js'
import { JsonPieces } from '../../src/execution/json-pieces.js'

// A jsdom test environment (Jest's jest-fixed-jsdom) gives Node's TextEncoder, whose bytes are not the environment's
// own Uint8Array: the read cache's answers are such bytes there.
const foreignBytes = (text: string): Uint8Array =>
  runInNewContext('Uint8Array.from(codes)', { codes: [...Buffer.from(text, 'utf8')] }) as Uint8Array

describe("an answer's bytes made in another realm", () => {
  it('are not this realm’s Uint8Array, which is what the test stands for', () => {
    expect(foreignBytes('{}') instanceof Uint8Array).toBe(false)
  })

  it('are counted as bytes, not walked as the pieces of a large answer', () => {
    const text = '{"name":"Café ☕"}'
    expect(bodyLength(foreignBytes(text))).toBe(Buffer.byteLength(text, 'utf8'))
  })

  it('read back as the text they encode', () => {
    const text = '{"name":"Café ☕"}'
    expect(bodyText(foreignBytes(text))).toBe(text)
  })

  it('leave the pieces of a large answer measured and joined piece by piece', () => {
    const value = { iterable: [{ id: 'a' }, { id: 'é' }] }
    const pieces = new JsonPieces(value)
    expect(bodyText(pieces)).toBe(JSON.stringify(value))
    expect(bodyLength(pieces)).toBe(Buffer.byteLength(JSON.stringify(value), 'utf8'))
  })
})

import { describe, expect, it } from 'vitest'
import { createResponseCopies } from '../../src/control/journal/response-copies.js'

const json = (body: string) => ({ status: 200, contentType: 'application/json', body })
/** A JSON text of exactly `length` characters, different for each `n`. */
const bodyOf = (n: number, length: number) => `"${String(n).padEnd(length - 2, '.')}"`

describe('response copies kept round a ring of bytes', () => {
  it('gives back every kept body exactly, across the ring wrapping many times, and lets the oldest go first', () => {
    // A ring of 64 KiB, the least it can be: 1,000-byte bodies wrap it every 65.
    const copies = createResponseCopies(10_000, 0)
    for (let n = 1; n <= 1_000; n++) copies.keep(n, json(bodyOf(n, 1_000)))
    const kept = Array.from({ length: 1_000 }, (_, at) => copies.get(at + 1))
    const first = kept.findIndex(Boolean)
    // The newest ones are kept, with no gap, and no more than fit in the ring.
    expect(kept.slice(first).every(Boolean)).toBe(true)
    expect(1_000 - first).toBeGreaterThan(50)
    expect(1_000 - first).toBeLessThanOrEqual(65)
    for (let n = first + 1; n <= 1_000; n++)
      expect(copies.get(n)).toEqual({ ...json(bodyOf(n, 1_000)), truncated: false })
  })

  it('keeps every kind of body intact across wrapping, ASCII, other characters and bytes mixed', () => {
    const copies = createResponseCopies(10_000, 0)
    const textOf = (n: number) => (n % 3 === 0 ? `ü${bodyOf(n, 700)}` : bodyOf(n, 900 + (n % 7) * 50))
    for (let n = 1; n <= 600; n++) {
      const text = textOf(n)
      copies.keep(n, n % 5 === 0 ? { status: 200, body: new TextEncoder().encode(text) } : json(text))
    }
    const kept = Array.from({ length: 600 }, (_, at) => copies.get(at + 1)?.body)
    const first = kept.findIndex((body) => body !== undefined)
    expect(first).toBeGreaterThan(0)
    expect(kept.slice(first)).toEqual(Array.from({ length: 600 - first }, (_, at) => textOf(first + at + 1)))
  })

  it('keeps text of any characters, bytes, empty and absent bodies, and network errors as they were answered', () => {
    const copies = createResponseCopies(10, 0)
    const text = 'Ünïcødé \u{1F600} and a lone \ud800 surrogate'
    copies.keep(1, { status: 404, contentType: 'text/plain; charset=utf-8', body: text })
    copies.keep(2, { status: 200, contentType: 'application/octet-stream', body: new TextEncoder().encode('{"a":1}') })
    copies.keep(3, json(''))
    copies.keep(4, { status: 204 })
    copies.keep(5, { networkError: true })
    expect(copies.get(1)).toEqual({
      status: 404,
      contentType: 'text/plain; charset=utf-8',
      body: text,
      truncated: false,
    })
    expect(copies.get(2)?.body).toBe('{"a":1}')
    expect(copies.get(3)).toEqual({ ...json(''), truncated: false })
    expect(copies.get(4)).toEqual({ status: 204, truncated: false })
    expect(copies.get(5)).toEqual({ status: 0, truncated: false })
  })

  it('lets a response go with its entry, and keeps none after a clear', () => {
    const copies = createResponseCopies(2, 0)
    copies.keep(1, json('"one"'))
    copies.keep(2, json('"two"'))
    copies.keep(3, json('"three"'))
    expect(copies.get(1)).toBeUndefined()
    expect(copies.get(3)?.body).toBe('"three"')
    copies.clear()
    expect(copies.get(3)).toBeUndefined()
    copies.keep(4, json('"four"'))
    expect(copies.get(4)?.body).toBe('"four"')
  })
})

import { describe, expect, it } from 'vitest'
import { createResponseCopies } from '../../src/control/response-copies.js'

const json = (body: string) => ({ status: 200, contentType: 'application/json', body })
/** A JSON text of exactly `length` characters, different for each `n`. */
const bodyOf = (n: number, length: number) => `"${String(n).padEnd(length - 2, '.')}"`

describe('response copies kept round a ring of bytes', () => {
  it('gives back every kept body exactly, across the ring wrapping many times, and lets the oldest go first', () => {
    // 196,608 bytes at the least (three bytes for each of 64 Ki characters): 1,000-byte bodies wrap it every 196.
    const copies = createResponseCopies(10_000, 0)
    for (let n = 1; n <= 1_000; n++) copies.keep(n, json(bodyOf(n, 1_000)))
    const kept = Array.from({ length: 1_000 }, (_, at) => copies.get(at + 1))
    const first = kept.findIndex(Boolean)
    // The newest ones are kept, with no gap, and no more than fit in the ring.
    expect(kept.slice(first).every(Boolean)).toBe(true)
    expect(1_000 - first).toBeGreaterThan(150)
    expect(1_000 - first).toBeLessThanOrEqual(196)
    for (let n = first + 1; n <= 1_000; n++)
      expect(copies.get(n)).toEqual({ ...json(bodyOf(n, 1_000)), truncated: false })
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

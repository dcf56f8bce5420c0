import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createReadableTime } from '../../src/wire/readable-time.js'

const readable = createReadableTime()
const readableTimestamp = (iso: string, now: Date) => readable.text(Date.parse(iso), now.getTime())
const readableValidity = (iso: string, now: Date) => readable.window(Date.parse(iso), now.getTime())

const at = (ms: number) => new Date(ms).toISOString()
const YEAR = 365 * 24 * 3600 * 1000

describe('readable timestamps', () => {
  it('tell the same distances as before', () => {
    const now = new Date('2024-05-04T12:00:00.000Z')
    expect(readableTimestamp('2024-05-01T12:00:00.000Z', now)).toBe('3 days ago')
    expect(readableTimestamp('2024-05-04T11:59:30.000Z', now)).toBe('Just now...')
    expect(readableTimestamp('2024-05-04T11:59:00.000Z', now)).toBe('1 minute ago')
    expect(readableTimestamp('2023-05-01T12:00:00.000Z', now)).toBe('last year')
    expect(readableTimestamp('2024-05-05T12:00:00.000Z', now)).toBe('tomorrow')
    expect(readableTimestamp('not a date', now)).toBe('Just now...')
  })

  it('keep their text for every instant of their validity window, and only there', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * YEAR }),
        fc.integer({ min: -3 * YEAR, max: 3 * YEAR }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (stamp, offset, where) => {
          const iso = at(stamp)
          const now = new Date(stamp + offset)
          const text = readableTimestamp(iso, now)
          const { from, to } = readableValidity(iso, now)
          expect(from).toBeLessThanOrEqual(now.getTime())
          expect(to).toBeGreaterThanOrEqual(now.getTime())
          // Inside the window, at its edges and somewhere in between: the same text.
          for (const inside of [from, to, Math.round(from + (to - from) * where)]) {
            if (Number.isFinite(inside)) expect(readableTimestamp(iso, new Date(inside))).toBe(text)
          }
          // One millisecond outside: the distance is told in another unit or count.
          if (Number.isFinite(from)) expect(readableTimestamp(iso, new Date(from - 1))).not.toBe(text)
          if (Number.isFinite(to)) expect(readableTimestamp(iso, new Date(to + 1))).not.toBe(text)
        },
      ),
      { numRuns: 2000 },
    )
  })
})

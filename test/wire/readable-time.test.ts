import { describe, expect, it } from 'vitest'
import { createReadableTime } from '../../src/wire/readable-time.js'

const now = Date.parse('2024-05-01T12:00:00.000Z')
const UNITS = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
] as const

describe('readable timestamps', () => {
  it("word every distance as Intl.RelativeTimeFormat('en', { numeric: 'auto' }) does", () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
    const readable = createReadableTime()
    let compared = 0
    for (const [index, [unit, size]] of UNITS.entries()) {
      // Every count the unit is told in (a larger unit takes over past its size), and years far out.
      const largest = index === 0 ? 12_345 : Math.floor((UNITS[index - 1]![1] - 1) / size)
      for (let count = 1; count <= largest; count++) {
        for (const sign of [-1, 1]) {
          const at = now + sign * count * size * 1000
          expect(readable.text(at, now), `${sign * count} ${unit}`).toBe(intl.format(sign * count, unit))
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(24_000)
  })

  it('says "Just now..." within a minute either way', () => {
    const readable = createReadableTime()
    expect(readable.text(now - 59_000, now)).toBe('Just now...')
    expect(readable.text(now + 59_000, now)).toBe('Just now...')
  })
})

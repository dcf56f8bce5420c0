import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeTimestamp } from '../../src/store/clock-and-ids/normalize-timestamp.js'
import { timestampSchema } from '../../src/store/schemas/timestamp-schema.js'

/** 0001-01-02 and 9999-12-30: a day inside the four-digit years, so any offset keeps the local time there too. */
const FIRST = Date.parse('0001-01-02T00:00:00.000Z')
const LAST = Date.parse('9999-12-30T00:00:00.000Z')

/** An instant, the digits a client writes past the millisecond, how many fraction digits, and its zone. */
const written = fc.record({
  instant: fc.integer({ min: FIRST, max: LAST }),
  extra: fc.integer({ min: 0, max: 999_999 }),
  digits: fc.integer({ min: 0, max: 9 }),
  zone: fc.oneof(
    fc.constant<'none' | 'Z'>('none'),
    fc.constant<'none' | 'Z'>('Z'),
    fc.record({ minutes: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }), colon: fc.boolean() }),
  ),
})

type Written = typeof written extends fc.Arbitrary<infer T> ? T : never

/** The text a client writes for `w`, and the stored form of the instant it means (cut to the digits written). */
function write({ instant, extra, digits, zone }: Written): { text: string; meant: string } {
  const minutes = typeof zone === 'object' ? zone.minutes : 0
  const local = new Date(instant + minutes * 60_000).toISOString()
  const fraction = `${local.slice(20, 23)}${String(extra).padStart(6, '0')}`.slice(0, digits)
  let suffix = ''
  if (zone === 'Z') suffix = 'Z'
  else if (typeof zone === 'object') {
    const sign = zone.minutes < 0 ? '-' : '+'
    const hh = String(Math.floor(Math.abs(zone.minutes) / 60)).padStart(2, '0')
    const mm = String(Math.abs(zone.minutes) % 60).padStart(2, '0')
    suffix = `${sign}${hh}${zone.colon ? ':' : ''}${mm}`
  }
  const text = `${local.slice(0, 19)}${digits > 0 ? `.${fraction}` : ''}${suffix}`
  const unit = 10 ** (3 - Math.min(digits, 3))
  const ms = ((instant % 1000) + 1000) % 1000
  return { text, meant: new Date(instant - ms + (ms - (ms % unit))).toISOString() }
}

describe('timestamps as clients send them', () => {
  it('reads every ISO-8601 form (0 to 9 fraction digits; Z, ±hh:mm, ±hhmm or no offset as UTC) as the instant meant', () => {
    fc.assert(
      fc.property(written, (w) => {
        const { text, meant } = write(w)
        expect(normalizeTimestamp(text)).toBe(meant)
        expect(timestampSchema.parse(text)).toBe(meant)
      }),
      { seed: 20_261_128, numRuns: 2_000 },
    )
  })

  it('gives the stored form back unchanged, whatever instant it holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST, max: LAST }), (instant) => {
        const stored = new Date(instant).toISOString()
        expect(normalizeTimestamp(stored)).toBe(stored)
      }),
      { seed: 7, numRuns: 1_000 },
    )
  })

  it.each([
    ["Python's isoformat() of a naive datetime.now()", '2026-11-28T20:17:07.069815', '2026-11-28T20:17:07.069Z'],
    ["Python's isoformat() of a naive time on the second", '2026-11-28T20:17:07', '2026-11-28T20:17:07.000Z'],
    ["Python's isoformat() of an aware datetime", '2026-11-28T20:17:07.069815+01:00', '2026-11-28T19:17:07.069Z'],
    ["Python's isoformat() in UTC", '2026-11-28T20:17:07.069815+00:00', '2026-11-28T20:17:07.069Z'],
    ["Python's strftime('%z') offset, without a colon", '2026-11-28T20:17:07.069815+0100', '2026-11-28T19:17:07.069Z'],
    ['a negative offset past midnight', '2026-11-28T20:17:07.069-05:30', '2026-11-29T01:47:07.069Z'],
    ["TypeScript's toISOString()", '2026-11-28T20:17:07.069Z', '2026-11-28T20:17:07.069Z'],
    ["Dart's toIso8601String() of a UTC DateTime", '2026-11-28T20:17:07.069815Z', '2026-11-28T20:17:07.069Z'],
    ["Dart's toIso8601String() of a local DateTime", '2026-11-28T20:17:07.069815', '2026-11-28T20:17:07.069Z'],
    ["Dart's toIso8601String() on the millisecond", '2026-11-28T20:17:07.069', '2026-11-28T20:17:07.069Z'],
    ['nine fraction digits (.NET, Go)', '2026-11-28T20:17:07.069815123Z', '2026-11-28T20:17:07.069Z'],
  ])('reads %s: %s as %s', (_, text, stored) => {
    expect(normalizeTimestamp(text)).toBe(stored)
  })

  it.each([
    ['', 'empty'],
    ['2026-11-28', 'a date alone'],
    ['2026-11-28 20:17:07', 'a space for the T'],
    ['2026-02-30T00:00:00Z', 'a day that does not exist'],
    ['2026-11-28T24:00:00Z', 'a 25th hour'],
    ['2026-11-28T20:60:00Z', 'a 61st minute'],
    ['2026-11-28T20:17:07.Z', 'a point without digits'],
    ['2026-11-28T20:17:07.0698151234Z', 'ten fraction digits'],
    ['2026-11-28T20:17:07+24:00', 'an offset of a day'],
    ['2026-11-28T20:17:07+01', 'an offset of hours alone'],
    ['0000-01-01T00:00:00+01:00', 'an instant before the year 0000'],
    ['yesterday', 'words'],
  ])('refuses %j (%s), naming the form it wants', (text) => {
    expect(normalizeTimestamp(text)).toBeUndefined()
    const result = timestampSchema.safeParse(text)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/^Invalid ISO-8601 timestamp: pass a date and time such as /)
  })
})

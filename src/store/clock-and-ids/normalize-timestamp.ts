/**
 * An ISO-8601 date and time as the official generated clients write it: a
 * date, `T`, a time to the second, 0 to 9 fraction digits, then `Z`, an
 * offset `+hh:mm` or `+hhmm`, or nothing (read as UTC).
 */
const CLIENT_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/

/** The stored form: what `Date.prototype.toISOString` writes for the years 0000 to 9999. */
const STORED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** The latest instant whose stored form has a four-digit year (9999-12-31T23:59:59.999Z). */
const LATEST = 253_402_300_799_999
/** The earliest one (0000-01-01T00:00:00.000Z). */
const EARLIEST = -62_167_219_200_000

/**
 * A timestamp in any form the official generated clients send (Python's
 * `isoformat()`, with or without an offset and with 0 to 6 fraction digits;
 * TypeScript's `toISOString()`; Dart's `toIso8601String()`), as the service
 * stores and answers it: UTC, to the millisecond (further digits cut off),
 * with a trailing `Z`. A value without an offset is read as UTC. Undefined
 * for anything else: another shape, a day or a time that does not exist, an
 * instant outside the years 0000 to 9999.
 *
 * @example
 * normalizeTimestamp('2026-11-28T20:17:07.069815') // '2026-11-28T20:17:07.069Z'
 * normalizeTimestamp('2026-11-28T20:17:07.069815+0100') // '2026-11-28T19:17:07.069Z'
 * normalizeTimestamp('2026-02-30T00:00:00Z') // undefined
 */
export function normalizeTimestamp(text: string): string | undefined {
  const match = CLIENT_TIMESTAMP.exec(text)
  if (match === null) return undefined
  const [, year, month, day, hour, minute, second, fraction = '', zone = 'Z'] = match
  const date = new Date(0)
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day))
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.padEnd(3, '0').slice(0, 3)))
  // Date rolls a 31st of April or a 25th hour over into the next unit: such a value does not exist.
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day) ||
    date.getUTCHours() !== Number(hour) ||
    date.getUTCMinutes() !== Number(minute) ||
    date.getUTCSeconds() !== Number(second)
  )
    return undefined
  const offset = offsetMinutes(zone)
  if (offset === undefined) return undefined
  const instant = date.getTime() - offset * 60_000
  if (instant < EARLIEST || instant > LATEST) return undefined
  if (offset === 0 && zone === 'Z' && STORED_TIMESTAMP.test(text)) return text
  return new Date(instant).toISOString()
}

/** Minutes east of UTC of `Z`, `±hh:mm` or `±hhmm`; undefined past 23:59. */
function offsetMinutes(zone: string): number | undefined {
  if (zone === 'Z') return 0
  const digits = zone.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = Number(digits.slice(2))
  if (hours > 23 || minutes > 59) return undefined
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes)
}

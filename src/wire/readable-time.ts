type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute'

const UNITS: ReadonlyArray<readonly [Unit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]
const JUST_NOW = 'Just now...'
/** English's own words for one unit back and one ahead (CLDR's, as `Intl.RelativeTimeFormat` with `numeric: 'auto'` uses them). */
const LAST: Partial<Record<Unit, string>> = {
  year: 'last year',
  month: 'last month',
  week: 'last week',
  day: 'yesterday',
}
const NEXT: Partial<Record<Unit, string>> = {
  year: 'next year',
  month: 'next month',
  week: 'next week',
  day: 'tomorrow',
}

/** Instants (ms since the epoch, inclusive) between which a text stays the same. */
export interface TimeWindow {
  readonly from: number
  readonly to: number
}

/** The `readable` texts of timestamps, as the real service words them. */
export interface ReadableTime {
  /** How long before (or after) `now` the instant `at` is: "Just now...", "3 days ago", "last year". */
  text(at: number, now: number): string
  /** The instants `now` may take while `text(at, now)` keeps the text it has at `now`. */
  window(at: number, now: number): TimeWindow
}

/**
 * Creates the formatter of readable timestamps. Each distinct text is
 * formatted once (a few hundred at most) and kept by the formatter, so one
 * formatter belongs to one renderer.
 *
 * @example
 * const readable = createReadableTime()
 * readable.text(Date.parse('2024-05-01T12:00:00.000Z'), Date.parse('2024-05-04T12:00:00.000Z')) // '3 days ago'
 */
export function createReadableTime(): ReadableTime {
  /** `relativeText(value, unit)` by unit, then value. */
  const labels: Array<Map<number, string>> = UNITS.map(() => new Map())
  return {
    text(at, now) {
      const seconds = secondsBetween(at, now)
      const unit = unitOf(seconds)
      if (unit === -1) return JUST_NOW
      const [name, size] = UNITS[unit]!
      const value = Math.trunc(seconds / size)
      const known = labels[unit]!
      let text = known.get(value)
      if (text === undefined) {
        text = relativeText(value, name)
        known.set(value, text)
      }
      return text
    },
    window: (at, now) => windowOf(at, secondsBetween(at, now)),
  }
}

/**
 * What \`new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(value, unit)\` answers for a
 * whole \`value\` other than 0, without Intl: creating that formatter takes tens of milliseconds in
 * a fresh process, which every test file would pay on its first request.
 */
function relativeText(value: number, unit: Unit): string {
  const special = value === -1 ? LAST[unit] : value === 1 ? NEXT[unit] : undefined
  if (special !== undefined) return special
  const count = Math.abs(value)
  const words = `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${unit}${count === 1 ? '' : 's'}`
  return value < 0 ? `${words} ago` : `in ${words}`
}

/** The unit a distance of `seconds` is told in (its index in UNITS), or -1 for "Just now...". */
function unitOf(seconds: number): number {
  const distance = Math.abs(seconds)
  for (let unit = 0; unit < UNITS.length; unit++) if (distance >= UNITS[unit]![1]) return unit
  return -1
}

/** Whole seconds from `now` to `at`, as the readable text counts them. */
function secondsBetween(at: number, now: number): number {
  return Math.round((at - now) / 1000)
}

function windowOf(at: number, seconds: number): TimeWindow {
  if (Number.isNaN(seconds)) return { from: -Infinity, to: Infinity }
  const unit = unitOf(seconds)
  let low: number
  let high: number
  if (unit === -1) {
    low = -(UNITS[UNITS.length - 1]![1] - 1)
    high = -low
  } else {
    const size = UNITS[unit]![1]
    // Distances past the next larger unit's size are told in that unit.
    const limit = unit === 0 ? Infinity : UNITS[unit - 1]![1] - 1
    const value = Math.trunc(seconds / size)
    if (seconds > 0) {
      low = Math.max(value * size, size)
      high = Math.min((value + 1) * size - 1, limit)
    } else {
      low = Math.max((value - 1) * size + 1, -limit)
      high = Math.min(value * size, -size)
    }
  }
  // round((at - now) / 1000) stays within [low, high] exactly while
  // at - 1000 * high - 499 <= now <= at - 1000 * low + 500.
  return { from: at - 1000 * high - 499, to: at - 1000 * low + 500 }
}

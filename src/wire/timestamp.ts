import type { GroupedTimestamp } from '@pieces.app/pieces-os-client'
import { instantOf } from '../store/clock.js'
import { narrowValidity } from './wire-cache.js'
import type { Wire, WireContext } from './wire-types.js'

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]
const JUST_NOW = 'Just now...'

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
/** `relative.format(value, unit)` by unit, then value: a few hundred strings at most, each formatted once. */
const labels: Array<Map<number, string>> = UNITS.map(() => new Map())

/** The unit a distance of `seconds` is told in (its index in UNITS), or -1 for "Just now...". */
function unitOf(seconds: number): number {
  const distance = Math.abs(seconds)
  for (let unit = 0; unit < UNITS.length; unit++) if (distance >= UNITS[unit]![1]) return unit
  return -1
}

function label(seconds: number): string {
  const unit = unitOf(seconds)
  if (unit === -1) return JUST_NOW
  const [name, size] = UNITS[unit]!
  const value = Math.trunc(seconds / size)
  const known = labels[unit]!
  let text = known.get(value)
  if (text === undefined) {
    text = relative.format(value, name)
    known.set(value, text)
  }
  return text
}

/** Whole seconds from `now` to `at`, as the readable text counts them. */
function secondsBetween(at: number, now: number): number {
  return Math.round((at - now) / 1000)
}

/**
 * Says how long ago `iso` was, as the real service's `readable` does
 * ("Just now...", "3 days ago", "last year").
 *
 * @example
 * readableTimestamp('2024-05-01T12:00:00.000Z', new Date('2024-05-04T12:00:00.000Z')) // '3 days ago'
 */
export function readableTimestamp(iso: string, now: Date): string {
  return label(secondsBetween(Date.parse(iso), now.getTime()))
}

/**
 * The instants (ms since the epoch, inclusive) between which
 * `readableTimestamp(iso, now)` keeps the text it has at `now`: the text
 * depends only on the unit and the truncated count, so it holds while
 * both do.
 *
 * @example
 * const { from, to } = readableValidity('2024-05-01T12:00:00.000Z', new Date('2024-05-04T12:00:00.000Z'))
 * // every `now` in [from, to] still reads '3 days ago'
 */
export function readableValidity(iso: string, now: Date): { from: number; to: number } {
  const at = Date.parse(iso)
  return validityOf(at, secondsBetween(at, now.getTime()))
}

function validityOf(at: number, seconds: number): { from: number; to: number } {
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

/**
 * A stored timestamp as a GroupedTimestamp: `{ value, readable }`. When the
 * context records a validity window (inside a cached serializer), it is
 * narrowed to the instants this readable text holds for.
 *
 * @example
 * toGroupedTimestamp('2024-05-01T12:00:00.000Z', { now, transferables: true })
 */
export function toGroupedTimestamp(iso: string, context: WireContext): Wire<GroupedTimestamp> {
  const at = instantOf(iso)
  const seconds = secondsBetween(at, context.now.getTime())
  if (context.validity) {
    const { from, to } = validityOf(at, seconds)
    narrowValidity(context.validity, from, to)
  }
  return { value: iso, readable: label(seconds) }
}

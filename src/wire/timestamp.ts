import type { GroupedTimestamp } from '@pieces.app/pieces-os-client'
import type { Wire, WireContext } from './wire-types.js'

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/**
 * Says how long ago `iso` was, as the real service's `readable` does
 * ("Just now...", "3 days ago", "last year").
 *
 * @example
 * readableTimestamp('2024-05-01T12:00:00.000Z', new Date('2024-05-04T12:00:00.000Z')) // '3 days ago'
 */
export function readableTimestamp(iso: string, now: Date): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit)
  }
  return 'Just now...'
}

/**
 * A stored timestamp as a GroupedTimestamp: `{ value, readable }`.
 *
 * @example
 * toGroupedTimestamp('2024-05-01T12:00:00.000Z', { now, transferables: true })
 */
export function toGroupedTimestamp(iso: string, context: WireContext): Wire<GroupedTimestamp> {
  return { value: iso, readable: readableTimestamp(iso, context.now) }
}

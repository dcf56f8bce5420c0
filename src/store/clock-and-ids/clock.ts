import { normalizeTimestamp } from './normalize-timestamp.js'

/** Where the mock reads the time from; inject a fixed one for deterministic tests. */
export interface Clock {
  now(): Date
}

/**
 * The real time.
 *
 * @example
 * createMockService({ clock: systemClock })
 */
export const systemClock: Clock = { now: () => new Date() }

/**
 * A clock that always reads the same instant, for tests and stories.
 *
 * @example
 * createMockService({ clock: fixedClock('2024-05-01T12:00:00.000Z') })
 */
export function fixedClock(iso: string): Clock {
  const date = new Date(normalizeTimestamp(iso) ?? iso)
  return { now: () => new Date(date) }
}

/**
 * The next timestamp of a record that changes: now, but never at or before
 * the previous one, so `updated` always moves forward.
 */
export function nextTimestamp(clock: Clock, previous?: string): string {
  const now = clock.now().getTime()
  const floor = previous === undefined ? -Infinity : instantOf(previous) + 1
  return isoTimestamp(Math.max(now, floor))
}

// The last instant formatted, and its text: a burst of writes and requests
// within one millisecond formats it once. A pure cache: same input, same text.
let lastInstant = Number.NaN
let lastText = ''

/**
 * An instant (ms since the epoch) as an ISO-8601 timestamp in UTC.
 *
 * @example
 * isoTimestamp(Date.UTC(2024, 4, 1, 12)) // '2024-05-01T12:00:00.000Z'
 */
export function isoTimestamp(instant: number): string {
  if (instant !== lastInstant) {
    lastText = new Date(instant).toISOString()
    lastInstant = instant
  }
  return lastText
}

/**
 * The instant (ms since the epoch) of an ISO-8601 timestamp, as `Date.parse`
 * gives it; the text isoTimestamp() formatted last (a record written just now)
 * is known without parsing.
 *
 * @example
 * instantOf('2024-05-01T12:00:00.000Z') // 1714564800000
 */
export function instantOf(iso: string): number {
  return iso === lastText ? lastInstant : Date.parse(iso)
}

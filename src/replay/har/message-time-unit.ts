/** How a HAR's writer wrote `_webSocketMessages[].time`: Chrome and the recorder in seconds, Playwright in milliseconds. */
export type MessageTimeUnit = 'seconds' | 'milliseconds'

/** How far from its stream's start a message may be and its unit still be told (a day). */
const NEAR_MS = 24 * 60 * 60 * 1000

/**
 * The unit a WebSocket message's `time` is in, told by its size against
 * the entry's `startedDateTime` (milliseconds since the epoch): seconds
 * since the epoch when `time × 1000` falls within a day of it (Chrome's
 * developer tools, Chromium's HAR, this package's recorder), milliseconds
 * when `time` itself does (Playwright's `recordHar`); undefined when neither
 * does (the two differ a thousandfold, so both cannot).
 *
 * @example
 * messageTimeUnit(1741947300.25, Date.parse('2025-03-14T10:15:00.000Z')) // 'seconds'
 * messageTimeUnit(1741947300250, Date.parse('2025-03-14T10:15:00.000Z')) // 'milliseconds'
 */
export function messageTimeUnit(time: number, startedAt: number): MessageTimeUnit | undefined {
  if (Math.abs(time * 1000 - startedAt) <= NEAR_MS) return 'seconds'
  if (Math.abs(time - startedAt) <= NEAR_MS) return 'milliseconds'
  return undefined
}

/**
 * A message time in milliseconds since the epoch.
 *
 * @example
 * inMilliseconds(1741947300.25, 'seconds') // 1741947300250
 */
export function inMilliseconds(time: number, unit: MessageTimeUnit): number {
  return unit === 'seconds' ? time * 1000 : time
}

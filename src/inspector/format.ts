/**
 * An ISO timestamp as the inspector shows it: date and time to the second, in UTC.
 *
 * @example
 * formatInstant('2024-05-01T12:00:00.000Z') // '2024-05-01 12:00:00 UTC'
 */
export function formatInstant(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
}

/**
 * The time of day of an ISO timestamp, to the millisecond (UTC), for journal and frame rows.
 *
 * @example
 * timeOfDay('2024-05-01T12:00:00.250Z') // '12:00:00.250'
 */
export function timeOfDay(iso: string): string {
  return iso.slice(11, 23)
}

/**
 * The class of a status: 501 (an operation the mock does not implement) stands apart from other 5xx.
 *
 * @example
 * statusClass(501) // 'cam-s501'
 */
export function statusClass(status: number): string {
  if (status === 501) return 'cam-s501'
  if (status === 0) return 'cam-s0'
  return `cam-s${Math.floor(status / 100)}xx`
}

/** The status filters of the journal: a label, which statuses it keeps, and its `status` in a HAR export's query. */
export const STATUS_FILTERS: ReadonlyArray<readonly [string, (status: number) => boolean, string]> = [
  ['all statuses', () => true, ''],
  ['2xx', (status) => status >= 200 && status < 300, '2xx'],
  ['4xx', (status) => status >= 400 && status < 500, '4xx'],
  ['5xx', (status) => status >= 500, '5xx'],
  ['501 not implemented', (status) => status === 501, '501'],
  ['network error', (status) => status === 0, '0'],
]

/**
 * The message of anything thrown.
 *
 * @example
 * messageOf(new Error('No snapshot "x" is kept.')) // 'No snapshot "x" is kept.'
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * A count in words, with its thousands marked: what the inspector says of how many there are.
 *
 * @example
 * countOf(3000, 'request') // '3,000 requests'
 */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`
}

/**
 * A size in bytes as the inspector shows it: bytes below 1 kB, else kB or MB to one decimal.
 *
 * @example
 * byteSize(2048) // '2.0 kB'
 */
export function byteSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

import { z } from 'zod'
import { normalizeTimestamp } from '../clock-and-ids/normalize-timestamp.js'
import { lazySchema } from './lazy-schema.js'

/** What a value that is no timestamp is told. */
const NOT_A_TIMESTAMP =
  'Invalid ISO-8601 timestamp: pass a date and time such as 2024-05-01T12:00:00.000Z, 2024-05-01T12:00:00 (read as UTC) or 2024-05-01T14:00:00+02:00'

/**
 * Every timestamp the mock reads (request bodies, records, fixtures, HAR
 * imports): a text in any ISO-8601 form the official generated clients send
 * (see `normalizeTimestamp`), given back in the stored form, UTC to the
 * millisecond with a trailing `Z`. Built on first use (decisions/0016).
 *
 * @example
 * timestampSchema.parse('2026-11-28T20:17:07.069815') // '2026-11-28T20:17:07.069Z'
 * timestampSchema.safeParse('yesterday').success // false
 */
export const timestampSchema = lazySchema(() =>
  z.string().transform((text, context) => {
    const stored = normalizeTimestamp(text)
    if (stored !== undefined) return stored
    context.issues.push({ code: 'custom', message: NOT_A_TIMESTAMP, input: text })
    return z.NEVER
  }),
)

import { invariant } from 'outvariant'

/** The longest delay a timer can wait (about 24.8 days), in milliseconds. */
export const MAX_DELAY_MS = 2_147_483_647

/**
 * Whether a value is a delay a timer can wait: milliseconds from 0 to about 24.8 days.
 *
 * @example
 * isDelay(250) // true
 */
export const isDelay = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_DELAY_MS

const isWholeDelay = (value: unknown): value is number => isDelay(value) && Number.isInteger(value)

/**
 * Whether a value is a fault's `times`: left out, or a positive whole number.
 *
 * @example
 * isTimes(3) // true
 */
export const isTimes = (value: unknown): boolean =>
  value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value > 0)

/** The longest string a refusal quotes whole; a longer one is quoted by its start and its length. */
const MAX_QUOTED_LENGTH = 128

/**
 * A value as a refusal names it: a string quoted (a long one cut short, with
 * its length, so the refusal of a huge value stays small), anything else as
 * it prints.
 *
 * @example
 * describe('x') // '"x"'
 */
export const describe = (value: unknown): string => {
  if (typeof value !== 'string') return String(value)
  if (value.length <= MAX_QUOTED_LENGTH) return JSON.stringify(value)
  return `${JSON.stringify(value.slice(0, 40))}… (${value.length} characters)`
}

/**
 * Refuses fields a spec does not have (a misspelt `stauts` would otherwise be dropped without a word).
 *
 * @example
 * checkFields({ stauts: 500 }, ['status'], 'a fault') // throws naming "stauts"
 */
export function checkFields(spec: object, fields: readonly string[], what: string): void {
  const unknown = Object.keys(spec).filter((field) => !fields.includes(field))
  invariant(
    unknown.length === 0,
    'Failed to add %s: it has no field %s. Use only %s.',
    what,
    namedFields(unknown),
    fields.join(', '),
  )
}

/** Fields a refusal names: the first few, each cut short when long, and how many more. */
function namedFields(fields: readonly string[]): string {
  const named = fields.slice(0, 5).map(describe).join(', ')
  return fields.length > 5 ? `${named} and ${fields.length - 5} more` : named
}

/**
 * Refuses a `delayMs` that is neither milliseconds nor `{ min, max }` with whole numbers 0 <= min <= max.
 *
 * @example
 * checkDelay({ min: 10, max: 50 }, 'a fault to "asset_snapshot"')
 */
export function checkDelay(delayMs: unknown, what: string): void {
  const range = typeof delayMs === 'object' && delayMs !== null ? delayMs : undefined
  const min: unknown = range && Reflect.get(range, 'min')
  const max: unknown = range && Reflect.get(range, 'max')
  invariant(
    delayMs === undefined || isDelay(delayMs) || (isWholeDelay(min) && isWholeDelay(max) && max >= min),
    'Failed to add %s: delayMs must be a number of milliseconds up to %s, or { min, max } with whole numbers 0 <= min <= max.',
    what,
    MAX_DELAY_MS,
  )
}

/**
 * A copy of an object body as plain JSON data, so changing the object after
 * adding the fault changes nothing; undefined for text or no body. Refuses a
 * body that cannot be sent as JSON.
 *
 * @example
 * copiedBody({ error: 'busy' }, 'a fault') // { error: 'busy' }
 */
export function copiedBody(body: unknown, what: string): object | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  let serialized: string | undefined
  try {
    serialized = JSON.stringify(body)
  } catch {
    serialized = undefined
  }
  invariant(
    serialized !== undefined,
    'Failed to add %s: its body cannot be sent as JSON (a cycle, a BigInt or nesting too deep). Give it plain JSON data or a string.',
    what,
  )
  return JSON.parse(serialized) as object
}

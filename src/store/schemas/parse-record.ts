import { MockServiceError } from '../../errors.js'
import { describeKind } from './describe-kind.js'
import { recordSchemas, type RecordKind, type RecordOf } from './schemas.js'

/**
 * A deep copy of a record for `update()` to edit. Records are JSON data, so
 * plain objects and arrays are copied key by key (several times faster than
 * `structuredClone`); anything else inside one (a Date in an open-ended field)
 * is handed to `structuredClone`, as before.
 *
 * @example
 * const draft = cloneRecord(record)
 */
export function cloneRecord<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(cloneRecord) as T
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value)
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) copy[key] = cloneRecord((value as Record<string, unknown>)[key])
  return copy as T
}

/**
 * A record validated against its kind's schema, in stored form; one that does
 * not match is an INVALID_REQUEST naming the first field that is wrong.
 *
 * @example
 * const record = parseRecord('tag', { id: 't1', text: 'react', created, updated })
 */
export function parseRecord<K extends RecordKind>(kind: K, input: unknown): RecordOf<K> {
  const result = recordSchemas[kind].safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]
    const path = issue?.path.join('.') || '(record)'
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Invalid ${describeKind(kind)}: ${path}: ${issue?.message ?? 'does not match the schema'}.`,
    )
  }
  return result.data as RecordOf<K>
}

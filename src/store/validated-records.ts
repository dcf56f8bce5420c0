import { recordSchemas, type RecordKind, type RecordOf } from './schemas.js'

/**
 * Record objects that passed their schema: the output of a schema parse,
 * which nothing edits afterwards except to complete links. The store trusts
 * these in `replaceAll()` instead of parsing them a second time.
 */
const validated = new WeakSet<object>()

/**
 * Parses `input` against its kind's schema, as `schema.safeParse` does, and
 * remembers a successful result as valid.
 *
 * @example
 * const result = parseStoredRecord('tag', { id: 't1', text: 'react', created, updated })
 * if (result.success) records.push(result.data)
 */
export function parseStoredRecord<K extends RecordKind>(kind: K, input: unknown) {
  const result = recordSchemas[kind].safeParse(input)
  if (result.success) validated.add(result.data)
  return result
}

/**
 * True for a record object that came out of {@link parseStoredRecord}.
 *
 * @example
 * isValidatedRecord(store.get('tag', 't1')!) // true
 */
export function isValidatedRecord(record: unknown): record is RecordOf<RecordKind> {
  return typeof record === 'object' && record !== null && validated.has(record)
}

import { recordDefaults } from './record-defaults.js'
import type { RecordKind, RecordOf } from './schemas.js'

/**
 * The Standard Schema (https://standardschema.dev) of a kind's `@msw/data`
 * collection: a stored record in, the same record out.
 */
export interface StoredRecordSchema<K extends RecordKind> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => { readonly value: RecordOf<K>; readonly issues?: undefined }
    readonly types?: { readonly input: RecordOf<K>; readonly output: RecordOf<K> }
  }
}

/**
 * The schema a kind's collection is built with. The store hands a collection
 * only records already in stored form (parsed by a transaction or by
 * `replaceAll()`, or from a list `validateFixtures()` or `snapshot()` marked as
 * valid), so it does not parse them again: the collection's `create()` and
 * `update()` copy every record they are given, and parsing 107k records once
 * more cost about 0.5 s of a seed (decisions/0004-performance.md). What it does
 * is give the copy back with the schema's shared, frozen defaults in place of
 * equal values (an empty link list, a zero score), so stored records share
 * them as the records the store built did: less heap per record, and editing
 * one of them in place throws instead of changing the store unseen.
 *
 * @example
 * new Collection({ schema: storedRecordSchema('tag') })
 */
export function storedRecordSchema<K extends RecordKind>(kind: K): StoredRecordSchema<K> {
  const shared = Object.entries(recordDefaults(kind)).filter(
    (entry): entry is [string, object] => typeof entry[1] === 'object' && entry[1] !== null,
  )
  return {
    '~standard': {
      version: 1,
      vendor: 'conversation-asset-mock',
      validate(value) {
        // Only ever a record the store wrote: see above.
        const record = value as Record<string, unknown>
        for (const [field, fallback] of shared) {
          if (record[field] !== fallback && isShallowEqual(record[field], fallback)) record[field] = fallback
        }
        return { value: record as RecordOf<K> }
      },
    },
  }
}

/** True when `value` has the same own keys as `shared`, each with the identical value. */
function isShallowEqual(value: unknown, shared: object): boolean {
  if (Array.isArray(shared)) {
    return Array.isArray(value) && value.length === shared.length && shared.every((item, at) => value[at] === item)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(shared)
  if (Object.keys(value).length !== keys.length) return false
  return keys.every((key) => (value as Record<string, unknown>)[key] === (shared as Record<string, unknown>)[key])
}

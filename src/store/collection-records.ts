import { Collection } from '@msw/data'

/** The hidden properties @msw/data gives every record it holds. */
interface RecordSymbols {
  readonly primaryKey: symbol
  readonly relationMap: symbol
}

/** A Standard Schema that takes any object as it is, for the probe collection. */
const passthrough = {
  '~standard': { version: 1, vendor: 'conversation-asset-mock', validate: (value: unknown) => ({ value: value as Record<string, unknown> }) },
} as const

let symbols: RecordSymbols | null | undefined
let discovery: Promise<boolean> | undefined

/**
 * Finds out, once per process, whether records can be put into an @msw/data
 * collection in bulk: the library's `create()` copies and validates each
 * record one by one (seconds for 100k records), while a collection keeps its
 * records in the very array `all()` returns. A probe collection checks that
 * records added to or replaced in that array are found, updated and deleted
 * like created ones; if a future version of the library works otherwise, the
 * answer is false and the store fills collections with `create()` as before.
 *
 * @example
 * if (await canFillCollections()) fillCollection(collection, records)
 */
export function canFillCollections(): Promise<boolean> {
  discovery ??= probe().then(
    (found) => {
      symbols = found
      return found !== null
    },
    () => {
      symbols = null
      return false
    },
  )
  return discovery
}

async function probe(): Promise<RecordSymbols | null> {
  const collection: Collection<any> = new Collection({ schema: passthrough as never })
  const created = (await collection.create({ id: 'created' })) as Record<symbol, unknown>
  const own = Object.getOwnPropertySymbols(created)
  const primaryKey = own.find((key) => typeof created[key] === 'string')
  const relationMap = own.find((key) => created[key] instanceof Map)
  if (own.length !== 2 || !primaryKey || !relationMap) return null
  const found = { primaryKey, relationMap }
  const added = { id: 'added' }
  fill(collection, [added], found)
  if (collection.count() !== 2 || collection.findFirst((q) => q.where({ id: 'added' })) !== added) return null
  const updated = await collection.update(added as never, { data: (draft: Record<string, unknown>) => void (draft.id = 'updated') })
  if (!updated || collection.findFirst((q) => q.where({ id: 'updated' })) !== updated || collection.count() !== 2) return null
  const replacement = { id: 'replaced' }
  replace(collection, updated, replacement, found)
  if (collection.count() !== 2 || collection.findFirst((q) => q.where({ id: 'replaced' })) !== replacement) return null
  collection.delete(replacement)
  return collection.count() === 1 && collection.findFirst() === created ? found : null
}

/**
 * Appends records to a collection without copying them, as `create()` would
 * have stored them. Only after {@link canFillCollections} resolved to true.
 *
 * @example
 * fillCollection(store.collections.tag, [...index.values()])
 */
export function fillCollection(collection: Collection<any>, records: Iterable<object>): void {
  if (!symbols) {
    throw new Error(
      'Failed to fill a collection in bulk: @msw/data does not take records that way. Await canFillCollections() and use create() when it resolves to false.',
    )
  }
  fill(collection, records, symbols)
}

/**
 * Puts `next` where `previous` is in a collection, as the library's `update()`
 * does (same place, same primary key), without its copy and scan. Only after
 * {@link canFillCollections} resolved to true.
 *
 * @example
 * replaceInCollection(store.collections.tag, previousTag, nextTag)
 */
export function replaceInCollection(collection: Collection<any>, previous: object, next: object): void {
  if (!symbols) {
    throw new Error(
      'Failed to replace a record in a collection: @msw/data does not take records that way. Await canFillCollections() and use update() when it resolves to false.',
    )
  }
  replace(collection, previous, next, symbols)
}

function replace(collection: Collection<any>, previous: object, next: object, { primaryKey, relationMap }: RecordSymbols): void {
  const target = collection.all() as object[]
  const at = target.indexOf(previous)
  if (at === -1) {
    fill(collection, [next], { primaryKey, relationMap })
    return
  }
  if (!(primaryKey in next)) {
    const from = previous as Record<symbol, unknown>
    Object.defineProperties(next, {
      [primaryKey]: { value: from[primaryKey], enumerable: false, configurable: false },
      [relationMap]: { value: from[relationMap], enumerable: false, configurable: false },
    })
  }
  target[at] = next
}

function fill(collection: Collection<any>, records: Iterable<object>, { primaryKey, relationMap }: RecordSymbols): void {
  const target = collection.all() as object[]
  for (const record of records) {
    // A record keeps its key when it moves to a fresh collection (reset, restore).
    if (!(primaryKey in record)) {
      Object.defineProperties(record, {
        [primaryKey]: { value: crypto.randomUUID(), enumerable: false, configurable: false },
        [relationMap]: { value: new Map(), enumerable: false, configurable: false },
      })
    }
    target.push(record)
  }
}

import type { Collection } from '@msw/data'
import { perKind } from './per-kind.js'
import { RECORD_KINDS, type RecordKind } from './schemas/schemas.js'
import type { StoreCore } from './store-core.js'
import { storedRecordSchema, type StoredRecordSchema } from './schemas/stored-record-schema.js'

/** The store's records in @msw/data collections, one per record kind. */
export type StoreCollections = {
  readonly [K in RecordKind]: Collection<StoredRecordSchema<K>>
}

/** A kind's collection as built, and the version of the kind it holds. */
interface BuiltCollection {
  readonly version: number
  readonly collection: Collection<any>
}

/**
 * The `collections()` of a store: each kind's records in a collection, built
 * again only when a write or a replacement touched the kind.
 */
export function storeCollections(core: StoreCore): () => Promise<StoreCollections> {
  const built = new Map<RecordKind, BuiltCollection>()
  const { versions } = core
  return async () => {
    // Every kind's records are taken now, before the first await, so the
    // collections show one moment of the store even when writes land while
    // they are being built.
    const stale = RECORD_KINDS.filter((kind) => built.get(kind)?.version !== versions[kind]).map((kind) => ({
      kind,
      version: versions[kind],
      records: [...core.state.index[kind].values()],
    }))
    const fresh = new Map<RecordKind, Collection<any>>()
    // @msw/data backs this method alone: it loads on the first call, not with the store.
    const { Collection } = await import('@msw/data')
    for (const { kind, version, records } of stale) {
      const collection = new Collection({ schema: storedRecordSchema(kind) })
      for (const record of records) await collection.create(record)
      fresh.set(kind, collection)
      if (versions[kind] === version) built.set(kind, { version, collection })
    }
    return perKind<StoreCollections>((kind) => fresh.get(kind) ?? built.get(kind)!.collection)
  }
}

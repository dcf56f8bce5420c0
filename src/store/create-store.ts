import { systemClock, type Clock } from './clock-and-ids/clock.js'
import { commitWrite } from './transaction/commit-write.js'
import type { RecordSet, StoreSnapshot, StoreTombstones } from './record-set.js'
import { releaseRecords, replaceRecords } from './replace-records.js'
import type { RecordKind, RecordOf } from './schemas/schemas.js'
import { createStoreBudget, type StoreBudget } from './store-budget.js'
import { storeCollections, type StoreCollections } from './store-collections.js'
import { committedReader, createStoreCore } from './store-core.js'
import type { Pointer } from './referrer-index.js'
import type { RecordChange, StoreListener } from './store-event.js'
import { snapshotOf } from './store-snapshot.js'
import { Transaction } from './transaction/transaction.js'
import { undoChanges } from './transaction/undo-changes.js'

export type { RecordSet, StoreSnapshot, StoreTombstones } from './record-set.js'
export type { StoreCollections } from './store-collections.js'
export type { RecordChange, StoreEvent, StoreListener } from './store-event.js'

export interface StoreOptions {
  clock?: Clock
  /** Makes the ids of new records; it must never return the same id twice (a seeded uuid sequence, or random uuids). */
  createId?: () => string
  /** The most bytes the records may hold (default 512 MiB); a write past it is refused with STORE_FULL (507) and changes nothing. */
  maxBytes?: number
  /** A budget shared with other stores (their records count against it too); `maxBytes` is then not used. */
  budget?: StoreBudget
}

/**
 * The in-memory store: records by kind in an id index (O(1) lookups, creation
 * order), one write path that is atomic, and the records in @msw/data
 * collections for queries (see decisions/0005-store-on-msw-data.md).
 */
export interface Store {
  /**
   * The records as they are now, in @msw/data collections (built through the
   * library's public `create()`): query them freely with the library's API.
   * They are copies: write through `write()`. A kind's collection is kept
   * until a write or a replacement touches that kind; call this again after
   * writing to see the write.
   */
  collections(): Promise<StoreCollections>
  readonly clock: Clock
  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined
  /** Records of a kind in creation order. */
  all<K extends RecordKind>(kind: K): Iterable<RecordOf<K>>
  count(kind: RecordKind): number
  /** The bytes the records and tombstones hold, and the most they may (`maxStoreBytes`). */
  bytes(): { readonly used: number; readonly max: number }
  /** True for an id that was removed since the last `replaceAll()`: gone, not unknown. */
  isGone(kind: RecordKind, id: string): boolean
  /**
   * The ids taken out of a record's link field since the last `replaceAll()`
   * and not linked again: the real service keeps them in the field's
   * `indices` with the value `-1` until it restarts (a reset or a restore
   * here).
   */
  removedLinks(kind: RecordKind, id: string, field: string): ReadonlySet<string> | undefined
  /**
   * The `kind` records whose single-id `field` names `id` (an asset's
   * activities), in the order they were stored, found through the store's
   * index without reading the whole kind.
   */
  pointingAt<K extends Pointer['from']>(kind: K, field: Pointer['field'], id: string): Array<RecordOf<K>>
  /**
   * Runs `change` against a transaction and commits what it staged in one
   * step: readers see all of it or none of it. If `change` throws, nothing
   * is written and the promise rejects.
   */
  write<T>(change: (tx: Transaction) => T): Promise<T>
  /**
   * Takes back committed writes, given their changes newest first: each
   * record goes back to its `previous` state (a created one goes, without a
   * tombstone; a deleted one comes back). Only for writes nothing committed
   * after has touched, such as a write that could not be made durable and
   * everything after it. Listeners hear it as a write.
   */
  undo(changes: readonly RecordChange[]): void
  /**
   * Empties the store and gives its bytes back to its budget, for a mock that
   * is closed while others share the budget (a dropped session).
   */
  release(): void
  /**
   * Replaces every record at once (fixtures, scenarios, restore); `gone` lists
   * the ids that should read as deleted rather than unknown.
   */
  replaceAll(records: RecordSet, gone?: StoreTombstones): Promise<void>
  /** Every record and tombstone as they are now; cheap, since records are never edited in place. */
  snapshot(): StoreSnapshot
  /**
   * Listens to committed writes and replacements; returns the function that
   * stops listening. A listener that throws is reported on the console and
   * changes nothing else.
   */
  subscribe(listener: StoreListener): () => void
}

/**
 * Creates an empty store.
 *
 * @example
 * const store = createStore({ clock: fixedClock('2024-05-01T12:00:00.000Z') })
 * await store.write((tx) => tx.insert('tag', { id: 't1', text: 'react', created, updated }))
 */
export function createStore(options: StoreOptions = {}): Store {
  const clock = options.clock ?? systemClock
  const createId = options.createId ?? (() => crypto.randomUUID())
  const core = createStoreCore(options.budget ?? createStoreBudget(options.maxBytes))
  const reader = committedReader(core)
  const freshId = () => {
    let id = createId()
    while (core.state.foreignIds.has(id)) id = createId()
    return id
  }
  return {
    collections: storeCollections(core),
    clock,
    get: reader.get,
    all: reader.all,
    count: (kind) => core.state.index[kind].size,
    bytes: () => ({ used: core.state.bytes, max: core.budget.max }),
    isGone: reader.isGone,
    removedLinks: (kind, id, field) => core.state.removedLinks.get(kind)?.get(id)?.get(field),
    pointingAt(kind, field, id) {
      const found: Array<RecordOf<typeof kind>> = []
      for (const other of reader.referrers(kind, field, id)) {
        const record = reader.get(kind, other)
        if (record && (record as Record<string, unknown>)[field] === id) found.push(record)
      }
      return found
    },
    write(change) {
      try {
        const tx = new Transaction(reader, clock, freshId)
        const result = change(tx)
        tx.finish()
        commitWrite(core, tx)
        return Promise.resolve(result)
      } catch (error) {
        return Promise.reject(error)
      }
    },
    undo: (changes) => undoChanges(core, changes),
    release: () => releaseRecords(core),
    snapshot: () => snapshotOf(core.state),
    replaceAll(records, gone = {}) {
      try {
        replaceRecords(core, records, gone)
        return Promise.resolve()
      } catch (error) {
        return Promise.reject(error)
      }
    },
    subscribe(listener) {
      core.listeners.add(listener)
      return () => core.listeners.delete(listener)
    },
  }
}

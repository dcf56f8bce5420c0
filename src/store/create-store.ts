import { Collection } from '@msw/data'
import { InvariantError, invariant } from 'outvariant'
import { canFillCollections, fillCollection, replaceInCollection } from './collection-records.js'
import { RECORD_KINDS, recordSchemas, type RecordKind, type RecordOf } from './schemas.js'
import { isValidatedList, markValidated } from './validated-records.js'
import { Transaction } from './transaction.js'
import { systemClock, type Clock } from './clock.js'

/** What happened to one record in a committed write. */
export interface RecordChange {
  kind: RecordKind
  id: string
  type: 'created' | 'updated' | 'deleted'
}

/**
 * What subscribers hear: the record changes of one committed write, or that
 * every record was replaced at once (fixtures loaded, reset, restore).
 */
export type StoreEvent =
  | { readonly type: 'write'; readonly changes: readonly RecordChange[] }
  | { readonly type: 'replace' }

export type StoreListener = (event: StoreEvent) => void

/** The @msw/data collections behind the store, one per record kind. */
export type StoreCollections = {
  [K in RecordKind]: Collection<(typeof recordSchemas)[K]>
}

/** Every record of a store, by kind: the shape of fixtures and snapshots. */
export type RecordSet = { [K in RecordKind]?: ReadonlyArray<RecordOf<K>> }

/** The ids of deleted records, by kind. */
export type StoreTombstones = { [K in RecordKind]?: readonly string[] }

/** A store's whole state at one moment, for `replaceAll()` to bring back. */
export interface StoreSnapshot {
  readonly records: RecordSet
  readonly gone: StoreTombstones
}

export interface StoreOptions {
  clock?: Clock
  /** Makes the ids of new records; it must never return the same id twice (a seeded uuid sequence, or random uuids). */
  createId?: () => string
}

/**
 * The in-memory store: @msw/data collections with an id index in front of
 * them (O(1) lookups) and one write path that is atomic and serialized.
 */
export interface Store {
  /**
   * The @msw/data collections; query them freely, but write through `write()`.
   * `replaceAll()` swaps in new collections, so read this property each time.
   */
  readonly collections: StoreCollections
  readonly clock: Clock
  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined
  /** Records of a kind in creation order. */
  all<K extends RecordKind>(kind: K): Iterable<RecordOf<K>>
  count(kind: RecordKind): number
  /** True for an id that was removed since the last `replaceAll()`: gone, not unknown. */
  isGone(kind: RecordKind, id: string): boolean
  /**
   * Runs `change` against a transaction and commits what it staged, after
   * every earlier write has finished. If `change` throws, nothing is written.
   */
  write<T>(change: (tx: Transaction) => T): Promise<T>
  /**
   * Replaces every record at once (fixtures, scenarios, restore); `gone` lists
   * the ids that should read as deleted rather than unknown.
   */
  replaceAll(records: RecordSet, gone?: StoreTombstones): Promise<void>
  /** Every record and tombstone as they are now; cheap, since records are never edited in place. */
  snapshot(): StoreSnapshot
  /** Listens to committed writes and replacements; returns the function that stops listening. */
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
  const index = new Map<RecordKind, Map<string, RecordOf<RecordKind>>>(
    RECORD_KINDS.map((kind) => [kind, new Map()]),
  )
  // The collections of the kinds someone has looked at (or every kind, when
  // @msw/data cannot be filled in bulk); the others are built from the index
  // when first read. See decisions/0004-performance.md.
  const built = new Map<RecordKind, Collection<any>>()
  let bulk: boolean | undefined
  const listeners = new Set<StoreListener>()
  let tombstones = new Map<RecordKind, Set<string>>(RECORD_KINDS.map((kind) => [kind, new Set()]))
  // Ids that did not come from `createId`: loaded records and tombstones (a persisted file or a
  // snapshot may hold ids an earlier run of the same sequence made), and records inserted under
  // an id of their own. `createId` never repeats itself, so an id it makes that is not among
  // these is new to the store, without a lookup in the (large) indexes.
  let foreignIds = new Set<string>()
  const freshId = () => {
    let id = createId()
    while (foreignIds.has(id)) id = createId()
    return id
  }
  let queue: Promise<unknown> = Promise.resolve()
  let queued = 0

  const indexOf = <K extends RecordKind>(kind: K) =>
    index.get(kind) as Map<string, RecordOf<K>>

  const reader = {
    get: <K extends RecordKind>(kind: K, id: string) => indexOf(kind).get(id),
    all: <K extends RecordKind>(kind: K) => indexOf(kind).values(),
    isGone: (kind: RecordKind, id: string) => tombstones.get(kind)!.has(id),
  }

  function collectionOf(kind: RecordKind): Collection<any> {
    let collection = built.get(kind)
    if (!collection) {
      collection = new Collection({ schema: recordSchemas[kind] })
      // The index only holds records once a load or write knew how to fill
      // collections, so `bulk` is settled whenever there is anything to copy.
      if (indexOf(kind).size > 0) fillCollection(collection, indexOf(kind).values())
      built.set(kind, collection)
    }
    return collection
  }

  const collections = Object.defineProperties(
    {},
    Object.fromEntries(RECORD_KINDS.map((kind) => [kind, { enumerable: true, get: () => collectionOf(kind) }])),
  ) as StoreCollections

  async function settle(): Promise<void> {
    bulk ??= await canFillCollections()
  }

  // Records are replaced, never edited, so the index and the collections can
  // hold the same record objects. Only the commits and replaceAll() write to either.
  // Synchronous, so readers, and collections first read meanwhile, see the whole write at once.
  function commit(tx: Transaction): RecordChange[] {
    const changes: RecordChange[] = []
    for (const [kind, records] of tx.staged) {
      const byId = indexOf(kind)
      const collection = built.get(kind)
      for (const [id, next] of records) {
        const previous = byId.get(id)
        if (next === null) {
          if (!previous) continue
          collection?.delete(previous)
          byId.delete(id)
          tombstones.get(kind)!.add(id)
          changes.push({ kind, id, type: 'deleted' })
        } else if (previous) {
          if (collection) replaceInCollection(collection, previous, next)
          byId.set(id, next)
          changes.push({ kind, id, type: 'updated' })
        } else {
          if (collection) fillCollection(collection, [next])
          byId.set(id, next)
          if (!tx.generated.has(id)) foreignIds.add(id)
          changes.push({ kind, id, type: 'created' })
        }
      }
    }
    return changes
  }

  // When @msw/data cannot be filled in bulk: every collection is built, and
  // records go through the library's own create, update and delete.
  async function commitThroughLibrary(tx: Transaction): Promise<RecordChange[]> {
    const changes: RecordChange[] = []
    const applied: Array<() => void> = []
    for (const [kind, records] of tx.staged) {
      const collection = collectionOf(kind)
      for (const [id, next] of records) {
        const previous = indexOf(kind).get(id)
        if (next === null) {
          if (!previous) continue
          collection.delete(previous)
          applied.push(() => {
            indexOf(kind).delete(id)
            tombstones.get(kind)!.add(id)
          })
          changes.push({ kind, id, type: 'deleted' })
        } else if (previous) {
          const stored = await collection.update(previous, {
            data(draft: Record<string, unknown>) {
              for (const key of Object.keys(draft)) if (!(key in next)) delete draft[key]
              Object.assign(draft, next)
            },
          })
          applied.push(() => indexOf(kind).set(id, stored ?? next))
          changes.push({ kind, id, type: 'updated' })
        } else {
          const stored = await collection.create(next)
          applied.push(() => {
            indexOf(kind).set(id, stored)
            if (!tx.generated.has(id)) foreignIds.add(id)
          })
          changes.push({ kind, id, type: 'created' })
        }
      }
    }
    // Readers see the whole write at once.
    for (const apply of applied) apply()
    return changes
  }

  function notify(event: StoreEvent): void {
    if (event.type === 'write' && event.changes.length === 0) return
    for (const listener of listeners) listener(event)
  }

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    queued++
    const result = queue.then(task)
    const done = () => {
      queued--
    }
    queue = result.then(done, done)
    return result
  }

  /** Runs a write and commits it at once; only when collections can be filled in bulk. */
  function writeNow<T>(change: (tx: Transaction) => T): T {
    const tx = new Transaction(reader, clock, freshId)
    const result = change(tx)
    notify({ type: 'write', changes: commit(tx) })
    return result
  }

  return {
    collections,
    clock,
    get: reader.get,
    all: reader.all,
    count: (kind) => indexOf(kind).size,
    isGone: reader.isGone,
    write(change) {
      // Nothing waiting before it: run now, without a turn through the queue (the usual case).
      if (queued === 0 && bulk) {
        try {
          return Promise.resolve(writeNow(change))
        } catch (error) {
          return Promise.reject(error)
        }
      }
      return enqueue(async () => {
        if (bulk === undefined) await settle()
        if (bulk) return writeNow(change)
        const tx = new Transaction(reader, clock, freshId)
        const result = change(tx)
        notify({ type: 'write', changes: await commitThroughLibrary(tx) })
        return result
      })
    },
    snapshot() {
      const records: Record<string, readonly unknown[]> = {}
      const gone: Record<string, string[]> = {}
      for (const kind of RECORD_KINDS) {
        records[kind] = markValidated([...indexOf(kind).values()])
        gone[kind] = [...tombstones.get(kind)!]
      }
      return { records: records as RecordSet, gone: gone as StoreTombstones }
    },
    replaceAll(records, gone = {}) {
      return enqueue(async () => {
        await settle()
        // Build the whole next state first and swap it in only when every
        // record made it, so a failed load leaves the store as it was.
        const nextIndex = new Map<RecordKind, Map<string, RecordOf<RecordKind>>>()
        const nextForeign = new Set<string>()
        const nextBuilt = new Map<RecordKind, Collection<any>>()
        for (const kind of RECORD_KINDS) {
          const byId = new Map<string, RecordOf<RecordKind>>()
          const collection = bulk ? undefined : new Collection({ schema: recordSchemas[kind] })
          const list: readonly unknown[] = records[kind] ?? []
          const trusted = isValidatedList(list)
          for (const input of list as ReadonlyArray<RecordOf<RecordKind>>) {
            invariant(
              !byId.has(input.id),
              'Failed to load the records: the %s id "%s" appears twice. Give every record its own id.',
              kind,
              input.id,
            )
            const record = trusted ? input : storedRecord(kind, input)
            byId.set(input.id, collection ? await collection.create(record) : record)
            nextForeign.add(input.id)
          }
          for (const id of gone[kind] ?? []) nextForeign.add(id)
          nextIndex.set(kind, byId)
          if (collection) nextBuilt.set(kind, collection)
        }
        tombstones = new Map(RECORD_KINDS.map((kind) => [kind, new Set(gone[kind] ?? [])]))
        foreignIds = nextForeign
        for (const kind of RECORD_KINDS) index.set(kind, nextIndex.get(kind)!)
        built.clear()
        for (const [kind, collection] of nextBuilt) built.set(kind, collection)
        notify({ type: 'replace' })
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * A record of an untrusted list (not from validateFixtures() or a snapshot),
 * parsed as the store keeps it.
 */
function storedRecord(kind: RecordKind, input: unknown): RecordOf<RecordKind> {
  const result = recordSchemas[kind].safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const id = typeof input === 'object' && input !== null ? String((input as { id?: unknown }).id) : String(input)
  throw new InvariantError(
    `Failed to load the records: the ${kind} "${id}" does not match its schema at ${issue?.path.join('.') || '(record)'}: ${issue?.message ?? 'invalid'}. Load fixtures through validateFixtures() or restore a snapshot() of a store.`,
  )
}


import { Collection } from '@msw/data'
import { invariant } from 'outvariant'
import { RECORD_KINDS, recordSchemas, type RecordKind, type RecordOf } from './schemas.js'
import { Transaction, type StagedChanges } from './transaction.js'
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
  const collections = createCollections()
  const index = new Map<RecordKind, Map<string, RecordOf<RecordKind>>>(
    RECORD_KINDS.map((kind) => [kind, new Map()]),
  )
  const listeners = new Set<StoreListener>()
  let tombstones = new Map<RecordKind, Set<string>>(RECORD_KINDS.map((kind) => [kind, new Set()]))
  let queue: Promise<unknown> = Promise.resolve()

  const indexOf = <K extends RecordKind>(kind: K) =>
    index.get(kind) as Map<string, RecordOf<K>>

  const reader = {
    get: <K extends RecordKind>(kind: K, id: string) => indexOf(kind).get(id),
    all: <K extends RecordKind>(kind: K) => indexOf(kind).values(),
    isGone: (kind: RecordKind, id: string) => tombstones.get(kind)!.has(id),
  }

  // Records in a collection are replaced, never edited, so the collection's own
  // record objects can sit in the index. Only this function writes to either.
  async function commit(staged: StagedChanges): Promise<RecordChange[]> {
    const changes: RecordChange[] = []
    const applied: Array<() => void> = []
    for (const [kind, records] of staged) {
      const collection = collections[kind] as unknown as Collection<any>
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
          applied.push(() => indexOf(kind).set(id, stored))
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
    const result = queue.then(task)
    queue = result.catch(() => undefined)
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
      return enqueue(async () => {
        const tx = new Transaction(reader, clock, createId)
        const result = change(tx)
        notify({ type: 'write', changes: await commit(tx.staged) })
        return result
      })
    },
    snapshot() {
      const records: Record<string, unknown[]> = {}
      const gone: Record<string, string[]> = {}
      for (const kind of RECORD_KINDS) {
        records[kind] = [...indexOf(kind).values()]
        gone[kind] = [...tombstones.get(kind)!]
      }
      return { records: records as RecordSet, gone: gone as StoreTombstones }
    },
    replaceAll(records, gone = {}) {
      return enqueue(async () => {
        // Fill fresh collections first and swap them in only when all records
        // made it, so a failed load leaves the store as it was.
        const nextCollections = createCollections()
        const nextIndex = new Map<RecordKind, Map<string, RecordOf<RecordKind>>>()
        for (const kind of RECORD_KINDS) {
          const collection = nextCollections[kind] as unknown as Collection<any>
          const byId = new Map<string, RecordOf<RecordKind>>()
          for (const input of records[kind] ?? []) {
            invariant(
              !byId.has(input.id),
              'Failed to load the records: the %s id "%s" appears twice. Give every record its own id.',
              kind,
              input.id,
            )
            byId.set(input.id, await collection.create(input))
          }
          nextIndex.set(kind, byId)
        }
        tombstones = new Map(RECORD_KINDS.map((kind) => [kind, new Set(gone[kind] ?? [])]))
        for (const kind of RECORD_KINDS) {
          ;(collections as Record<RecordKind, unknown>)[kind] = nextCollections[kind]
          index.set(kind, nextIndex.get(kind)!)
        }
        notify({ type: 'replace' })
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function createCollections(): StoreCollections {
  return Object.fromEntries(
    RECORD_KINDS.map((kind) => [kind, new Collection({ schema: recordSchemas[kind] })]),
  ) as unknown as StoreCollections
}

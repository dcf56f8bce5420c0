import type { Collection } from '@msw/data'
import { InvariantError, invariant } from 'outvariant'
import { RECORD_KINDS, recordSchemas, type RecordKind, type RecordOf } from './schemas.js'
import { storedRecordSchema, type StoredRecordSchema } from './stored-record-schema.js'
import { isValidatedList, markValidated } from './validated-records.js'
import { Transaction } from './transaction.js'
import { ReferrerIndex } from './referrer-index.js'
import { systemClock, type Clock } from './clock.js'
import { createStoreBudget, type StoreBudget } from './store-budget.js'

/** What happened to one record in a committed write. */
export interface RecordChange {
  kind: RecordKind
  id: string
  type: 'created' | 'updated' | 'deleted'
  /** The record before the write: absent for a created one. */
  previous?: RecordOf<RecordKind>
}

/**
 * What subscribers hear: the record changes of one committed write, or that
 * every record was replaced at once (fixtures loaded, reset, restore).
 */
export type StoreEvent =
  { readonly type: 'write'; readonly changes: readonly RecordChange[] } | { readonly type: 'replace' }

export type StoreListener = (event: StoreEvent) => void

/** The store's records in @msw/data collections, one per record kind. */
export type StoreCollections = {
  readonly [K in RecordKind]: Collection<StoredRecordSchema<K>>
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

/** Everything `replaceAll()` swaps in at once. */
interface StoreState {
  /** The records by id, in creation order. */
  readonly index: { readonly [K in RecordKind]: Map<string, RecordOf<K>> }
  readonly tombstones: { readonly [K in RecordKind]: Set<string> }
  /**
   * Ids that did not come from `createId`: loaded records and tombstones (a
   * persisted file or a snapshot may hold ids an earlier run of the same
   * sequence made), and records inserted under an id of their own.
   * `createId` never repeats itself, so an id it makes that is not among these
   * is new to the store, without a lookup in the (large) indexes.
   */
  readonly foreignIds: Set<string>
  /** Links removed since the state was loaded: kind → record id → field → the ids taken out. */
  readonly removedLinks: Map<RecordKind, Map<string, Map<string, Set<string>>>>
  /** Who holds a one-sided link to each record. */
  readonly referrers: ReferrerIndex
  /** What the records and tombstones count against the budget. */
  bytes: number
}

/** A kind's collection as built, and the version of the kind it holds. */
interface BuiltCollection {
  readonly version: number
  readonly collection: Collection<any>
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
  const budget = options.budget ?? createStoreBudget(options.maxBytes)
  const createId = options.createId ?? (() => crypto.randomUUID())
  const listeners = new Set<StoreListener>()
  let state = emptyState({}, budget)
  // Bumped for a kind by every commit that changes it and by every replacement.
  const versions = perKind<{ [K in RecordKind]: number }>(() => 0)
  const built = new Map<RecordKind, BuiltCollection>()

  const freshId = () => {
    let id = createId()
    while (state.foreignIds.has(id)) id = createId()
    return id
  }

  const reader = {
    get: <K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined => state.index[kind].get(id),
    all: <K extends RecordKind>(kind: K): Iterable<RecordOf<K>> => state.index[kind].values(),
    isGone: (kind: RecordKind, id: string) => state.tombstones[kind].has(id),
    referrers: (kind: RecordKind, field: string, id: string) => state.referrers.of(kind, field, id),
  }

  /** What a transaction's staged records add to the store's bytes (less than 0 when they free some). */
  function addedBytes(tx: Transaction): number {
    let added = 0
    for (const [kind, records] of tx.staged) {
      const byId: Map<string, RecordOf<RecordKind>> = state.index[kind]
      for (const [id, next] of records) {
        const previous = byId.get(id)
        if (previous) added -= budget.sizeOf(previous)
        if (next) added += budget.sizeOf(next)
        else if (previous && !state.tombstones[kind].has(id)) added += budget.tombstoneOf(id)
      }
    }
    return added
  }

  /**
   * Applies what a transaction staged to the index, synchronously: readers
   * (and the next transaction) see the whole write at once. Linear in what
   * the write changes.
   */
  function commit(tx: Transaction): RecordChange[] {
    const changes: RecordChange[] = []
    for (const [kind, records] of tx.staged) {
      // One kind's records under one key type: the staged map holds records of its own kind.
      const byId: Map<string, RecordOf<RecordKind>> = state.index[kind]
      for (const [id, next] of records) {
        const previous = byId.get(id)
        if (next === null) {
          if (!previous) continue
          byId.delete(id)
          state.referrers.replace(kind, previous, undefined)
          state.tombstones[kind].add(id)
          changes.push({ kind, id, type: 'deleted', previous })
        } else {
          byId.set(id, next)
          state.referrers.replace(kind, previous, next)
          if (!previous && !tx.generated.has(id)) state.foreignIds.add(id)
          changes.push(previous ? { kind, id, type: 'updated', previous } : { kind, id, type: 'created' })
        }
      }
      versions[kind]++
    }
    for (const [kind, byId] of tx.linkChanges) {
      let removedOf = state.removedLinks.get(kind)
      for (const [id, byField] of byId) {
        if (!state.index[kind].has(id)) continue
        for (const [field, others] of byField) {
          for (const [other, removed] of others) {
            if (!removed) {
              removedOf?.get(id)?.get(field)?.delete(other)
              continue
            }
            if (!removedOf) state.removedLinks.set(kind, (removedOf = new Map()))
            let fields = removedOf.get(id)
            if (!fields) removedOf.set(id, (fields = new Map()))
            let ids = fields.get(field)
            if (!ids) fields.set(field, (ids = new Set()))
            ids.add(other)
          }
        }
      }
    }
    // A deleted record's own removed links go with it.
    for (const change of changes) if (change.type === 'deleted') state.removedLinks.get(change.kind)?.delete(change.id)
    return changes
  }

  /**
   * Tells every listener of a committed change. Each is called on its own: a
   * listener that throws is reported once on the console, and neither keeps
   * the others from hearing nor turns the committed write into a failure.
   */
  function notify(event: StoreEvent): void {
    if (event.type === 'write' && event.changes.length === 0) return
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        console.error('A store listener failed; the change is committed and the other listeners were told.', error)
      }
    }
  }

  return {
    async collections() {
      // Every kind's records are taken now, before the first await, so the
      // collections show one moment of the store even when writes land while
      // they are being built.
      const stale = RECORD_KINDS.filter((kind) => built.get(kind)?.version !== versions[kind]).map((kind) => ({
        kind,
        version: versions[kind],
        records: [...state.index[kind].values()],
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
    },
    clock,
    get: reader.get,
    all: reader.all,
    count: (kind) => state.index[kind].size,
    bytes: () => ({ used: state.bytes, max: budget.max }),
    isGone: reader.isGone,
    removedLinks: (kind, id, field) => state.removedLinks.get(kind)?.get(id)?.get(field),
    write(change) {
      try {
        const tx = new Transaction(reader, clock, freshId)
        const result = change(tx)
        tx.finish()
        const added = addedBytes(tx)
        budget.admit(added)
        const changes = commit(tx)
        state.bytes += added
        budget.charge(added)
        notify({ type: 'write', changes })
        return Promise.resolve(result)
      } catch (error) {
        return Promise.reject(error)
      }
    },
    undo(changes) {
      const undone: RecordChange[] = []
      let freed = 0
      for (const { kind, id, previous } of changes) {
        const byId: Map<string, RecordOf<RecordKind>> = state.index[kind]
        const current = byId.get(id)
        if (previous) byId.set(id, previous)
        else byId.delete(id)
        state.referrers.replace(kind, current, previous)
        if (!current && state.tombstones[kind].delete(id)) freed += budget.tombstoneOf(id)
        freed += (current ? budget.sizeOf(current) : 0) - (previous ? budget.sizeOf(previous) : 0)
        versions[kind]++
        undone.push(
          previous
            ? { kind, id, type: current ? 'updated' : 'created', ...(current && { previous: current }) }
            : { kind, id, type: 'deleted', ...(current && { previous: current }) },
        )
      }
      state.bytes -= freed
      budget.charge(-freed)
      notify({ type: 'write', changes: undone })
    },
    release() {
      budget.charge(-state.bytes)
      state = emptyState({}, budget)
      for (const kind of RECORD_KINDS) versions[kind]++
    },
    snapshot() {
      const records: Record<string, readonly unknown[]> = {}
      const gone: Record<string, string[]> = {}
      for (const kind of RECORD_KINDS) {
        records[kind] = markValidated([...state.index[kind].values()])
        gone[kind] = [...state.tombstones[kind]]
      }
      return { records: records as RecordSet, gone: gone as StoreTombstones }
    },
    replaceAll(records, gone = {}) {
      try {
        // Every record is checked before the new state is swapped in, so a
        // failed load leaves the store as it was.
        const next = emptyState(gone, budget)
        for (const kind of RECORD_KINDS) fill(next, kind, loadable(kind, records[kind] ?? []), budget)
        budget.admitAll(next.bytes, state.bytes)
        budget.charge(next.bytes - state.bytes)
        state = next
        for (const kind of RECORD_KINDS) versions[kind]++
        notify({ type: 'replace' })
        return Promise.resolve()
      } catch (error) {
        return Promise.reject(error)
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A state with empty indexes, and the given tombstones. */
function emptyState(gone: StoreTombstones, budget: StoreBudget): StoreState {
  const foreignIds = new Set<string>()
  let bytes = 0
  for (const kind of RECORD_KINDS) {
    for (const id of gone[kind] ?? []) {
      foreignIds.add(id)
      bytes += budget.tombstoneOf(id)
    }
  }
  return {
    index: perKind(() => new Map()),
    tombstones: perKind((kind) => new Set(gone[kind])),
    foreignIds,
    removedLinks: new Map(),
    referrers: new ReferrerIndex(),
    bytes,
  }
}

/** An object with one entry per record kind. */
function perKind<T extends { readonly [K in RecordKind]: unknown }>(make: (kind: RecordKind) => T[RecordKind]): T {
  return Object.fromEntries(RECORD_KINDS.map((kind) => [kind, make(kind)])) as T
}

/** The records of a list to load, in stored form: the list itself when it is marked valid, else each record parsed. */
function loadable<K extends RecordKind>(kind: K, list: ReadonlyArray<RecordOf<K>>): ReadonlyArray<RecordOf<K>> {
  return isValidatedList(list) ? list : list.map((input) => storedRecord(kind, input))
}

/** Indexes a list's records by id, refusing an id that appears twice. */
function fill<K extends RecordKind>(
  state: StoreState,
  kind: K,
  records: ReadonlyArray<RecordOf<K>>,
  budget: StoreBudget,
): void {
  const byId = state.index[kind]
  for (const record of records) {
    invariant(
      !byId.has(record.id),
      'Failed to load the records: the %s id "%s" appears twice. Give every record its own id.',
      kind,
      record.id,
    )
    byId.set(record.id, record)
    state.referrers.add(kind, record)
    state.foreignIds.add(record.id)
    state.bytes += budget.sizeOf(record)
  }
}

/**
 * A record of an untrusted list (not from validateFixtures() or a snapshot),
 * parsed as the store keeps it.
 */
function storedRecord<K extends RecordKind>(kind: K, input: unknown): RecordOf<K> {
  const result = recordSchemas[kind].safeParse(input)
  if (result.success) return result.data as RecordOf<K>
  const issue = result.error.issues[0]
  const id = typeof input === 'object' && input !== null ? String((input as { id?: unknown }).id) : String(input)
  throw new InvariantError(
    `Failed to load the records: the ${kind} "${id}" does not match its schema at ${issue?.path.join('.') || '(record)'}: ${issue?.message ?? 'invalid'}. Load fixtures through validateFixtures() or restore a snapshot() of a store.`,
  )
}

import { Collection } from '@msw/data'
import { isEqual } from 'es-toolkit'
import { InvariantError, invariant } from 'outvariant'
import { RECORD_KINDS, recordSchemas, type RecordKind, type RecordOf } from './schemas.js'
import { storedRecordSchema, type StoredRecordSchema } from './stored-record-schema.js'
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
}

/**
 * The in-memory store: @msw/data collections holding the records, an id
 * index beside them (O(1) lookups), and one write path that is atomic and
 * serialized.
 */
export interface Store {
  /**
   * The @msw/data collections that hold the records; query them freely, but
   * write through `write()`. A write reaches them before its promise resolves
   * and before subscribers hear of it (a query run while a write is being
   * committed may see part of it). `replaceAll()` swaps in new collections, so
   * read this property each time.
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
   * Runs `change` against a transaction, after every earlier write and
   * replacement has finished, and commits what it staged: to the collections,
   * then to the index in one step. If `change` throws, nothing is written.
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

/** Everything `replaceAll()` swaps in at once. */
interface StoreState {
  readonly collections: StoreCollections
  /** The collections' own record objects by id, in creation order. */
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
}

/** One record's part of a commit: what changed, and how the index takes it once the collection has it. */
interface CommitStep {
  readonly change: RecordChange
  readonly landed: Promise<() => void> | (() => void)
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
  const listeners = new Set<StoreListener>()
  let state = emptyState({})
  let queue: Promise<unknown> = Promise.resolve()

  const freshId = () => {
    let id = createId()
    while (state.foreignIds.has(id)) id = createId()
    return id
  }

  const reader = {
    get: <K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined => state.index[kind].get(id),
    all: <K extends RecordKind>(kind: K): Iterable<RecordOf<K>> => state.index[kind].values(),
    isGone: (kind: RecordKind, id: string) => state.tombstones[kind].has(id),
  }

  const collections = Object.defineProperties(
    {},
    Object.fromEntries(RECORD_KINDS.map((kind) => [kind, { enumerable: true, get: () => state.collections[kind] }])),
  ) as StoreCollections

  /** Runs tasks one after another, in the order they were asked for. */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.then(task)
    queue = result.catch(() => undefined)
    return result
  }

  /**
   * Writes what a transaction staged to the collections, through their own
   * `create()`, `update()` and `delete()`, and then, in one synchronous step,
   * to the index: readers of the store (and the next transaction) see the
   * whole write at once. The collections' writes are asynchronous; they are
   * all asked for at once and awaited together.
   */
  async function commit(tx: Transaction): Promise<RecordChange[]> {
    const steps: CommitStep[] = []
    for (const [kind, records] of tx.staged) {
      for (const [id, next] of records) {
        const step = commitStep(tx, kind, id, next)
        if (step) steps.push(step)
      }
    }
    const landed = await Promise.all(steps.map((step) => step.landed))
    for (const apply of landed) apply()
    return steps.map((step) => step.change)
  }

  function commitStep<K extends RecordKind>(tx: Transaction, kind: K, id: string, next: RecordOf<K> | null): CommitStep | undefined {
    const { collections, index, tombstones, foreignIds } = state
    const byId = index[kind]
    const collection = collections[kind]
    const previous = byId.get(id)
    if (next === null) {
      if (!previous) return undefined
      return {
        change: { kind, id, type: 'deleted' },
        landed: () => {
          collection.delete((query) => query.where((record) => record === previous))
          byId.delete(id)
          tombstones[kind].add(id)
        },
      }
    }
    if (previous) {
      const updated = collection.update((query) => query.where((record) => record === previous), {
        strict: true,
        // Only the fields that changed: the library emits an update event per changed path.
        data: (draft) => {
          for (const key of Object.keys(previous)) if (!(key in next)) Reflect.deleteProperty(draft, key)
          for (const [key, value] of Object.entries(next)) {
            if (!isEqual(Reflect.get(previous, key), value)) Reflect.set(draft, key, value)
          }
        },
      })
      return { change: { kind, id, type: 'updated' }, landed: updated.then((stored) => () => byId.set(id, stored)) }
    }
    const foreign = !tx.generated.has(id)
    return {
      change: { kind, id, type: 'created' },
      landed: collection.create(next).then((stored) => () => {
        byId.set(id, stored)
        if (foreign) foreignIds.add(id)
      }),
    }
  }

  function notify(event: StoreEvent): void {
    if (event.type === 'write' && event.changes.length === 0) return
    for (const listener of listeners) listener(event)
  }

  return {
    collections,
    clock,
    get: reader.get,
    all: reader.all,
    count: (kind) => state.index[kind].size,
    isGone: reader.isGone,
    write(change) {
      return enqueue(async () => {
        const tx = new Transaction(reader, clock, freshId)
        const result = change(tx)
        notify({ type: 'write', changes: await commit(tx) })
        return result
      })
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
      return enqueue(async () => {
        // Every record is checked before any is written, and the new state is
        // swapped in only when all of them are, so a failed load leaves the
        // store as it was.
        const lists = new Map(RECORD_KINDS.map((kind) => [kind, loadable(kind, records[kind] ?? [])]))
        const next = emptyState(gone)
        for (const kind of RECORD_KINDS) await fill(next, kind, lists.get(kind) ?? [])
        state = next
        notify({ type: 'replace' })
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A state with empty collections and indexes, and the given tombstones. */
function emptyState(gone: StoreTombstones): StoreState {
  const foreignIds = new Set<string>()
  for (const kind of RECORD_KINDS) for (const id of gone[kind] ?? []) foreignIds.add(id)
  return {
    collections: perKind((kind) => new Collection({ schema: storedRecordSchema(kind) })),
    index: perKind(() => new Map()),
    tombstones: perKind((kind) => new Set(gone[kind])),
    foreignIds,
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

/** Creates a list's records in the state's collection of their kind, one by one, and indexes the collection's records. */
async function fill<K extends RecordKind>(state: StoreState, kind: K, records: ReadonlyArray<RecordOf<K>>): Promise<void> {
  const collection = state.collections[kind]
  const byId = state.index[kind]
  for (const record of records) {
    invariant(
      !byId.has(record.id),
      'Failed to load the records: the %s id "%s" appears twice. Give every record its own id.',
      kind,
      record.id,
    )
    byId.set(record.id, await collection.create(record))
    state.foreignIds.add(record.id)
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


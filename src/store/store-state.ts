import { ReferrerIndex } from './referrer-index.js'
import { perKind } from './per-kind.js'
import type { StoreTombstones } from './record-set.js'
import { RECORD_KINDS, type RecordKind, type RecordOf } from './schemas/schemas.js'
import type { StoreBudget } from './store-budget.js'

/** Everything `replaceAll()` swaps in at once. */
export interface StoreState {
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
  /**
   * What each record in the index counted against the budget when a write stored it: a later write that changes
   * it reads its count here. Held strongly, not in a `WeakMap` (whose entries the collector must trace as
   * ephemerons): a write deletes the entry of the record it replaces, an undo that of the record it takes back,
   * and a replacement starts a new state. A record without an entry is counted when needed.
   */
  readonly sizes: Map<object, number>
}

/** A state with empty indexes, and the given tombstones. */
export function emptyState(gone: StoreTombstones, budget: StoreBudget): StoreState {
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
    sizes: new Map(),
  }
}

import { perKind } from './per-kind.js'
import type { RecordKind, RecordOf } from './schemas/schemas.js'
import type { StoreBudget } from './store-budget.js'
import type { StoreListener } from './store-event.js'
import { emptyState, type StoreState } from './store-state.js'
import type { CommittedReader } from './transaction/transaction-view.js'

/** A version number per record kind. */
type KindVersions = { [K in RecordKind]: number }

/** What the parts of one store share: its state (swapped whole by a replacement), its budget, its listeners. */
export interface StoreCore {
  state: StoreState
  readonly budget: StoreBudget
  readonly listeners: Set<StoreListener>
  /** Bumped for a kind by every commit that changes it and by every replacement. */
  readonly versions: KindVersions
}

/** The shared part of an empty store that counts against `budget`. */
export function createStoreCore(budget: StoreBudget): StoreCore {
  return {
    state: emptyState({}, budget),
    budget,
    listeners: new Set(),
    versions: perKind<KindVersions>(() => 0),
  }
}

/** The committed records of a store as a transaction reads them, always from its current state. */
export function committedReader(core: StoreCore): CommittedReader {
  return {
    get: <K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined => core.state.index[kind].get(id),
    all: <K extends RecordKind>(kind: K): Iterable<RecordOf<K>> => core.state.index[kind].values(),
    isGone: (kind: RecordKind, id: string) => core.state.tombstones[kind].has(id),
    referrers: (kind: RecordKind, field: string, id: string) => core.state.referrers.of(kind, field, id),
  }
}

import type { RecordKind, RecordOf } from '../schemas/schemas.js'
import type { StoreCore } from '../store-core.js'
import { notifyListeners, type RecordChange } from '../store-event.js'
import type { StoreState } from '../store-state.js'
import type { Transaction } from './transaction.js'

/**
 * Commits what a finished transaction staged: refused with STORE_FULL when it
 * would pass the budget (then nothing changes), else applied to the state at
 * once, counted, and told to the listeners. Each staged record is looked up
 * in the index once: the count and the commit share what that lookup found.
 */
export function commitWrite(core: StoreCore, tx: Transaction): void {
  const { budget } = core
  const staged = stagedAgainst(core, tx)
  budget.admit(staged.added)
  const changes = commit(core, tx, staged)
  core.state.bytes += staged.added
  budget.charge(staged.added)
  notifyListeners(core.listeners, { type: 'write', changes })
}

/** A transaction's staged records beside the committed ones they replace, and what they add to the store's bytes. */
interface Staged {
  /**
   * Flat, five slots a record: its kind, its id, the record it replaces (or undefined), the record staged (or null),
   * and what the staged one counts (0 for none).
   */
  readonly rows: unknown[]
  readonly added: number
}

/**
 * Reads the committed record each staged one replaces, once, and what the
 * write adds to the store's bytes (less than 0 when it frees some). A
 * record's count is kept once measured, and a record that only gained ids
 * counts its previous count plus theirs: appending a message to a
 * conversation costs the same whatever its length.
 */
function stagedAgainst({ state, budget }: StoreCore, tx: Transaction): Staged {
  const { sizes } = state
  // Sizes are kept by the commit, not here: a write the budget refuses leaves no entry behind.
  const rows: unknown[] = []
  let added = 0
  for (const [kind, records] of tx.staged) {
    const byId: Map<string, RecordOf<RecordKind>> = state.index[kind]
    for (const [id, next] of records) {
      // An id this transaction made is new to the store (`createId` skips every foreign id): no lookup in the index.
      const previous = tx.generated.has(id) ? undefined : byId.get(id)
      const before = previous ? (sizes.get(previous) ?? budget.sizeOf(previous)) : 0
      added -= before
      let after = 0
      if (next) {
        const appended = previous ? tx.appendedTo(next)?.appendedBytes(budget.sizeOf) : undefined
        after = appended === undefined ? budget.sizeOf(next) : before + appended
        added += after
      } else if (previous && !state.tombstones[kind].has(id)) added += budget.tombstoneOf(id)
      rows.push(kind, id, previous, next, after)
    }
  }
  return { rows, added }
}

/**
 * Applies what a transaction staged to the index, synchronously: readers
 * (and the next transaction) see the whole write at once. Linear in what
 * the write changes.
 */
function commit(core: StoreCore, tx: Transaction, { rows }: Staged): RecordChange[] {
  const { state } = core
  const changes: RecordChange[] = []
  for (let row = 0; row < rows.length; row += 5) {
    const kind = rows[row] as RecordKind
    const id = rows[row + 1] as string
    const previous = rows[row + 2] as RecordOf<RecordKind> | undefined
    const next = rows[row + 3] as RecordOf<RecordKind> | null
    // One kind's records under one key type: the staged map holds records of its own kind.
    const byId: Map<string, RecordOf<RecordKind>> = state.index[kind]
    if (next === null) {
      if (!previous) continue
      byId.delete(id)
      state.sizes.delete(previous)
      state.referrers.replace(kind, previous, undefined)
      state.tombstones[kind].add(id)
      changes.push({ kind, id, type: 'deleted', previous })
    } else {
      byId.set(id, next)
      if (previous) state.sizes.delete(previous)
      state.sizes.set(next, rows[row + 4] as number)
      state.referrers.replace(kind, previous, next)
      if (!previous && !tx.generated.has(id)) state.foreignIds.add(id)
      changes.push(previous ? { kind, id, type: 'updated', previous } : { kind, id, type: 'created' })
    }
  }
  for (const kind of tx.staged.keys()) core.versions[kind]++
  commitLinkChanges(state, tx)
  // A deleted record's own removed links go with it.
  for (const change of changes) if (change.type === 'deleted') state.removedLinks.get(change.kind)?.delete(change.id)
  return changes
}

/** Records the links a transaction removed, and forgets those it made again, for records that still exist. */
function commitLinkChanges(state: StoreState, tx: Transaction): void {
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
}

import type { Store } from '../../store/create-store.js'
import type { Transaction } from '../../store/transaction/transaction.js'

/** A machine part's state: plain JSON, an object at the top. */
export type PartState = Readonly<Record<string, unknown>>

/** Reads records of the store or of a transaction the same way. */
interface PartReader {
  get(kind: 'machinePart', id: string): { readonly state: Record<string, unknown> } | undefined
}

/**
 * A machine part's state as stored (the `machinePart` record named `part`),
 * or `initial` when the part has never been written since the last reset.
 * Kept in the store, a part's state is reset with the scenario, kept in
 * snapshots and persistence, and counted against the store's budget.
 *
 * @example
 * const settings = readPart(store, 'settings', DEFAULT_SETTINGS)
 */
export function readPart<T extends PartState>(reader: PartReader | Store, part: string, initial: T): T {
  const record = (reader as PartReader).get('machinePart', part)
  return record ? ({ ...initial, ...record.state } as T) : initial
}

/**
 * Stages a machine part's next state in a write: the part's record is created
 * on its first write and updated after. Everything else the write stages
 * commits with it, or nothing does.
 *
 * @example
 * await store.write((tx) => writePart(tx, 'settings', { ...settings, theme: 'DARK' }))
 */
export function writePart<T extends PartState>(tx: Transaction, part: string, state: T): T {
  if (tx.get('machinePart', part)) {
    tx.update('machinePart', part, (draft) => {
      draft.state = state as Record<string, unknown>
    })
  } else {
    const now = tx.timestamp()
    tx.insert('machinePart', { id: part, created: now, updated: now, state: state as Record<string, unknown> })
  }
  return state
}

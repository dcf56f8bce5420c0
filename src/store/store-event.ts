import type { RecordKind, RecordOf } from './schemas/schemas.js'

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

/**
 * Tells every listener of a committed change. Each is called on its own: a
 * listener that throws is reported once on the console, and neither keeps
 * the others from hearing nor turns the committed write into a failure.
 */
export function notifyListeners(listeners: ReadonlySet<StoreListener>, event: StoreEvent): void {
  if (event.type === 'write' && event.changes.length === 0) return
  for (const listener of listeners) {
    try {
      listener(event)
    } catch (error) {
      console.error('A store listener failed; the change is committed and the other listeners were told.', error)
    }
  }
}

import type { Store } from '../../store/create-store.js'
import type { RecordKind } from '../../store/schemas/schemas.js'
import { recordLabel } from './record-label.js'

/** What a deleted record was, as the inspector shows it. */
interface Deletion {
  /** What a person read it by before it went: its name, text or URL. */
  readonly label: string
  /** When it was deleted, by the mock's clock (ISO-8601). */
  readonly at: string
}

/** The deletions remembered, by record. */
export interface DeletionLog {
  /** What the record was and when it went; undefined for one not seen deleted (or long forgotten). */
  of(kind: RecordKind, id: string): Deletion | undefined
}

/** The most deletions remembered; the oldest are forgotten first. */
const DELETIONS_KEPT = 10_000

/**
 * Remembers what each deleted record was (its label) and when it went, for
 * the newest 10,000 deletions: the store keeps only a tombstone's id. Each
 * write costs as much as the records it deleted.
 *
 * @example
 * const deletions = createDeletionLog(store, () => clock.now())
 * deletions.of('asset', id) // { label: 'useDebounce hook', at: '2024-05-01T12:00:00.000Z' }
 */
export function createDeletionLog(store: Store, now: () => Date, limit = DELETIONS_KEPT): DeletionLog {
  const kept = new Map<string, Deletion>()
  const key = (kind: RecordKind, id: string) => `${kind}\u0000${id}`
  store.subscribe((event) => {
    if (event.type !== 'write') return
    for (const change of event.changes) {
      if (change.type !== 'deleted' || !change.previous) continue
      const at = key(change.kind, change.id)
      kept.delete(at)
      kept.set(at, { label: recordLabel(change.kind, change.previous), at: now().toISOString() })
      if (kept.size > limit) kept.delete(kept.keys().next().value!)
    }
  })
  return { of: (kind, id) => kept.get(key(kind, id)) }
}

import type { StoreSnapshot } from '../../store/create-store.js'
import { RECORD_KINDS, type RecordKind, type RecordOf } from '../../store/schemas/schemas.js'
import { recordLabel } from './record-label.js'

/** A record added, changed or removed since a snapshot. */
export interface DiffRow {
  readonly id: string
  /** What a person reads it by: now, or for a removed one, in the snapshot. */
  readonly label: string
  /** For a changed record: its top-level fields whose values differ, sorted. */
  readonly fields?: readonly string[]
}

/** What changed in one kind since a snapshot: every count, and the first rows of each. */
export interface KindDiff {
  readonly added: readonly DiffRow[]
  readonly changed: readonly DiffRow[]
  readonly removed: readonly DiffRow[]
  /** How many records were added, changed and removed (the lists hold at most `limit` each). */
  readonly counts: { readonly added: number; readonly changed: number; readonly removed: number }
}

/** The store against a snapshot: only the kinds where something differs. */
export interface StoreDiff {
  readonly kinds: Partial<Record<RecordKind, KindDiff>>
}

/** The most rows listed for each kind and each of added, changed and removed. */
const ROWS_LISTED = 200

/**
 * What differs between a snapshot and the store now, kind by kind: records
 * added, changed (with the fields that changed) and removed. Records are
 * never edited in place, so one the store still holds as it was costs a
 * lookup; only records replaced since are compared field by field.
 *
 * @example
 * diffSnapshots(snapshots.get('snapshot-1')!, store.snapshot()).kinds.asset?.counts // { added: 1, changed: 0, removed: 0 }
 */
export function diffSnapshots(before: StoreSnapshot, after: StoreSnapshot, limit = ROWS_LISTED): StoreDiff {
  const kinds: Partial<Record<RecordKind, KindDiff>> = {}
  for (const kind of RECORD_KINDS) {
    const diff = diffKind(kind, before.records[kind] ?? [], after.records[kind] ?? [], limit)
    if (diff.counts.added + diff.counts.changed + diff.counts.removed > 0) kinds[kind] = diff
  }
  return { kinds }
}

/** One kind's records compared by id. */
function diffKind(
  kind: RecordKind,
  before: ReadonlyArray<RecordOf<RecordKind>>,
  after: ReadonlyArray<RecordOf<RecordKind>>,
  limit: number,
): KindDiff {
  const earlier = new Map(before.map((record) => [record.id, record]))
  const added: DiffRow[] = []
  const changed: DiffRow[] = []
  const removed: DiffRow[] = []
  const counts = { added: 0, changed: 0, removed: 0 }
  for (const record of after) {
    const was = earlier.get(record.id)
    earlier.delete(record.id)
    if (was === record) continue
    if (!was) {
      if (counts.added++ < limit) added.push({ id: record.id, label: recordLabel(kind, record) })
      continue
    }
    const fields = changedFields(was, record)
    if (fields.length === 0) continue
    if (counts.changed++ < limit) changed.push({ id: record.id, label: recordLabel(kind, record), fields })
  }
  for (const record of earlier.values()) {
    if (counts.removed++ < limit) removed.push({ id: record.id, label: recordLabel(kind, record) })
  }
  return { added, changed, removed, counts }
}

/** The top-level fields whose values differ between two versions of a record, sorted. */
function changedFields(before: object, after: object): string[] {
  const was = before as Record<string, unknown>
  const now = after as Record<string, unknown>
  const names = new Set([...Object.keys(was), ...Object.keys(now)])
  return [...names].filter((name) => !sameValue(was[name], now[name])).sort()
}

/** Whether two field values hold the same data. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}

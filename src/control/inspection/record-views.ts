import type { Store } from '../../store/create-store.js'
import type { DeletionLog } from './deletion-log.js'
import { RELATIONS } from '../../store/relations.js'
import { RECORD_KIND_DECLARATIONS } from '../../store/kinds/record-kinds.js'
import { RECORD_KINDS, type RecordKind, type RecordOf } from '../../store/schemas/schemas.js'

/**
 * A kind of record as the control plane and the inspector name it: one of the
 * store's kinds, so the inspector reads kinds from here and never from the store.
 */
export type InspectedKind = RecordKind

/** One record as the inspector lists it. */
export interface RecordRow {
  readonly kind: InspectedKind
  readonly id: string
  /** What a person reads it by: a name, a text, a URL. */
  readonly label: string
  /** True for a deleted record (a tombstone): reads of it answer 410 or 500. */
  readonly gone?: true
  /** When a gone record was deleted (ISO-8601), when the mock saw it go; its label is then what it was read by. */
  readonly deletedAt?: string
}

/**
 * A group of records linked to one record: through a field of its own
 * (`from`, e.g. a conversation's `assets`), or through a field of theirs that
 * names it (`to`, e.g. the conversations whose `groundingMessages` hold a message).
 */
export interface RecordLink {
  readonly direction: 'from' | 'to'
  /** The field that holds the link: this record's own, or `kind.field` of the records linking to it. */
  readonly field: string
  readonly kind: RecordKind
  readonly records: RecordRow[]
}

/** A reference between kinds the relation table does not list, kept on one side only. */
interface Reference {
  readonly from: RecordKind
  readonly field: string
  readonly to: RecordKind
}

/** References the relation table does not list (nor keep both sides of). */
const EXTRA_REFERENCES: readonly Reference[] = [
  { from: 'asset', field: 'original', to: 'format' },
  { from: 'activity', field: 'asset', to: 'asset' },
  { from: 'activity', field: 'format', to: 'format' },
]

/** Every field that holds ids of other records, by the kind that holds it: both sides of each relation. */
const REFERENCES: readonly Reference[] = [
  ...RELATIONS.map(({ from, field, to }) => ({ from, field, to })),
  // A link a kind keeps with itself in one field on both records (messages) is that field once.
  ...RELATIONS.flatMap(({ from, field, to, inverse }) =>
    inverse && !(from === to && field === inverse) ? [{ from: to, field: inverse, to: from }] : [],
  ),
  ...EXTRA_REFERENCES,
]

/** References kept on one side only: the records holding them are found by a scan. */
const ONE_SIDED: readonly Reference[] = [...RELATIONS.filter((relation) => !relation.inverse), ...EXTRA_REFERENCES]

/**
 * What a record is read by in the inspector: its name, text, URL or path, as its kind declares it.
 *
 * @example
 * recordLabel('tag', store.get('tag', id)!) // 'react'
 */
export function recordLabel(kind: RecordKind, record: RecordOf<RecordKind>): string {
  const label = RECORD_KIND_DECLARATIONS[kind].label as (record: RecordOf<RecordKind>) => string
  return label(record)
}

/**
 * The row of a record by id: its label, or marked gone for a tombstone (with
 * what it was and when it went, if the mock saw it deleted), and for an id
 * the store does not know, named as it is.
 *
 * @example
 * rowOf(store, 'asset', id) // { kind: 'asset', id, label: 'useDebounce hook' }
 */
export function rowOf(store: Store, kind: RecordKind, id: string, deletions?: DeletionLog): RecordRow {
  const record = store.get(kind, id)
  if (record) return { kind, id, label: recordLabel(kind, record) }
  if (!store.isGone(kind, id)) return { kind, id, label: '(unknown id)', gone: true }
  const deletion = deletions?.of(kind, id)
  if (!deletion) return { kind, id, label: '(deleted)', gone: true }
  return { kind, id, label: deletion.label, gone: true, deletedAt: deletion.at }
}

/**
 * The links of a record both ways: the records its own fields name, and the
 * records whose fields name it where the store keeps no field on its side.
 *
 * @example
 * recordLinks(store, 'message', id) // [{ direction: 'from', field: 'conversation', … }, { direction: 'to', field: 'conversation.groundingMessages', … }]
 */
export function recordLinks(
  store: Store,
  kind: RecordKind,
  record: RecordOf<RecordKind>,
  deletions?: DeletionLog,
): RecordLink[] {
  const links: RecordLink[] = []
  const own = record as Record<string, unknown>
  for (const reference of REFERENCES) {
    if (reference.from !== kind) continue
    const value = own[reference.field]
    const ids = Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : []
    if (ids.length === 0) continue
    links.push({
      direction: 'from',
      field: reference.field,
      kind: reference.to,
      records: ids.map((id) => rowOf(store, reference.to, id, deletions)),
    })
  }
  for (const reference of ONE_SIDED) {
    if (reference.to !== kind) continue
    const holders: RecordRow[] = []
    for (const holder of store.all(reference.from)) {
      const value = (holder as Record<string, unknown>)[reference.field]
      if (value === record.id || (Array.isArray(value) && value.includes(record.id))) {
        holders.push({ kind: reference.from, id: holder.id, label: recordLabel(reference.from, holder) })
      }
    }
    if (holders.length > 0) {
      links.push({
        direction: 'to',
        field: `${reference.from}.${reference.field}`,
        kind: reference.from,
        records: holders,
      })
    }
  }
  return links
}

/**
 * Whether a string names a record kind.
 *
 * @example
 * isRecordKind('asset') // true
 */
export function isRecordKind(kind: string): kind is RecordKind {
  return (RECORD_KINDS as readonly string[]).includes(kind)
}

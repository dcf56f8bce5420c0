import type { RecordKind } from '../store/schemas/schemas.js'
import type { WireContext } from './wire-types.js'

/** A flattened collection: references by id and each id's position. */
export interface FlattenedIds {
  iterable: Array<{ id: string }>
  indices: Record<string, number>
}

/**
 * The empty collection, shared: wire values are never edited once built (see
 * `cachedWire`), and most links of a record are empty.
 */
const EMPTY_FLATTENED: FlattenedIds = Object.freeze({
  iterable: Object.freeze([]) as unknown as FlattenedIds['iterable'],
  indices: Object.freeze({}) as FlattenedIds['indices'],
})

/**
 * Ids as a flattened collection `{ iterable: [{ id }], indices: { id: position } }`;
 * ids in `removed` that are not linked any more stay in `indices` as `-1`.
 *
 * @example
 * toFlattened(['a', 'b']) // { iterable: [{ id: 'a' }, { id: 'b' }], indices: { a: 0, b: 1 } }
 * toFlattened(['a'], new Set(['b'])) // { iterable: [{ id: 'a' }], indices: { a: 0, b: -1 } }
 */
export function toFlattened(ids: readonly string[], removed?: ReadonlySet<string>): FlattenedIds {
  if (ids.length === 0 && !removed?.size) return EMPTY_FLATTENED
  const iterable = new Array<{ id: string }>(ids.length)
  const indices: Record<string, number> = {}
  for (let position = 0; position < ids.length; position++) {
    const id = ids[position]!
    iterable[position] = { id }
    indices[id] = position
  }
  if (removed) markRemoved(indices, removed)
  return { iterable, indices }
}

function markRemoved(indices: Record<string, number>, removed: ReadonlySet<string>): void {
  for (const id of removed) if (!(id in indices)) indices[id] = -1
}

/**
 * Records as a collection of their wire forms, keyed by the records' ids;
 * `undefined` entries (ids whose record is missing) are left out.
 *
 * @example
 * collectionOf(store.all('asset'), (asset) => toAsset(asset, wire)) // { iterable: [Asset…], indices: { [id]: position } }
 */
export function collectionOf<R extends { id: string }, W>(
  records: Iterable<R | undefined>,
  toWire: (record: R) => W,
  removed?: ReadonlySet<string>,
): { iterable: W[]; indices: Record<string, number> } {
  const iterable: W[] = []
  const indices: Record<string, number> = {}
  for (const record of records) {
    if (!record) continue
    indices[record.id] = iterable.length
    iterable.push(toWire(record))
  }
  if (removed) markRemoved(indices, removed)
  return { iterable, indices }
}

/**
 * Several link lists of a record as flattened collections under the same keys,
 * with the ids each list lost since the last restart marked `-1`. With
 * `omitEmpty`, a list that never held anything is left out.
 *
 * @example
 * linkedLists(context, 'tag', record, ['websites', 'summaries']) // { websites: { iterable, indices }, summaries: … }
 */
export function linkedLists<F extends string>(
  context: WireContext,
  kind: RecordKind,
  record: { readonly id: string } & { readonly [K in F]: readonly string[] },
  fields: readonly F[],
  { omitEmpty = false }: { omitEmpty?: boolean } = {},
): Partial<Record<F, FlattenedIds>> {
  const lists: Partial<Record<F, FlattenedIds>> = {}
  for (const field of fields) {
    const list = toFlattened(record[field], context.removedLinks(kind, record.id, field))
    if (!omitEmpty || list !== EMPTY_FLATTENED) lists[field] = list
  }
  return lists
}

/**
 * One link list of a record as a flattened collection under a wire key that
 * differs from the field's name (`workstreamEvents` travels as
 * `workstream_events`); with `omitEmpty`, nothing when it never held anything.
 *
 * @example
 * linkedListAs(context, 'tag', record, 'workstreamEvents', 'workstream_events') // { workstream_events: { iterable, indices } }
 */
export function linkedListAs<F extends string, Key extends string>(
  context: WireContext,
  kind: RecordKind,
  record: { readonly id: string } & { readonly [K in F]: readonly string[] },
  field: F,
  key: Key,
  { omitEmpty = false }: { omitEmpty?: boolean } = {},
): Partial<Record<Key, FlattenedIds>> {
  const list = toFlattened(record[field], context.removedLinks(kind, record.id, field))
  return !omitEmpty || list !== EMPTY_FLATTENED ? ({ [key]: list } as Record<Key, FlattenedIds>) : {}
}

/**
 * A record's links to persons and workstream events (`persons`,
 * `workstream_events`), each left out while it never held anything: the
 * kinds that had other links before them answer as they did until one is made.
 *
 * @example
 * newLinks(context, 'tag', record) // {} for a tag never linked to a person or an event
 */
export function newLinks(
  context: WireContext,
  kind: RecordKind,
  record: { readonly id: string; readonly persons: readonly string[]; readonly workstreamEvents: readonly string[] },
): { persons?: FlattenedIds; workstream_events?: FlattenedIds } {
  return {
    ...linkedLists(context, kind, record, ['persons'], { omitEmpty: true }),
    ...linkedListAs(context, kind, record, 'workstreamEvents', 'workstream_events', { omitEmpty: true }),
  }
}

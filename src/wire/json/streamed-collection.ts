import { collectionOf, toFlattened } from '../flattened.js'
import { StreamedJson, type StreamedPart } from './streamed-json.js'

/** The largest array index: a key of this form or smaller is written first by `JSON.stringify`, in numeric order. */
const MAX_ARRAY_INDEX = 4_294_967_294
/** A key that reads as an array index: `0`, or digits without a leading zero. */
const INDEX_FORM = /^(?:0|[1-9]\d{0,9})$/

/**
 * A collection `{ iterable: [...], indices: { id: position } }` (or
 * `{ iterable: [...] }` alone) written item by item: each item's wire form is
 * built when it is written, so only the item list itself (references, not
 * copies) is held while a large answer goes out. `JSON.stringify` of it gives
 * the text `collectionOf` or `toFlattened` would, byte for byte: the same
 * items, the same `indices`, keys in the order a JavaScript object keeps them
 * (array-index ids first, in numeric order), ids in `removed` not listed kept
 * as `-1`. The ids are distinct (records of one kind, or a record's links).
 */
class StreamedCollection<T> extends StreamedJson {
  constructor(
    private readonly items: readonly T[],
    private readonly idOf: (item: T) => string,
    private readonly toWire: (item: T) => unknown,
    private readonly whole: () => unknown,
    private readonly indexed: boolean,
    private readonly removed?: ReadonlySet<string>,
  ) {
    super()
  }

  *parts(): Generator<StreamedPart, void, undefined> {
    const { items, toWire } = this
    yield '{"iterable":['
    for (let at = 0; at < items.length; at++) {
      if (at > 0) yield ','
      yield { value: toWire(items[at]!) }
    }
    if (!this.indexed) {
      yield ']}'
      return
    }
    yield '],"indices":{'
    yield* this.indexParts()
    yield '}}'
  }

  toJSON(): unknown {
    return this.whole()
  }

  /** The `indices` members: array-index ids first (numeric order), then the others as listed, then the removed ones. */
  private *indexParts(): Generator<string, void, undefined> {
    const { items, idOf } = this
    const unlisted = this.unlistedRemoved()
    const numeric = numericKeys(items, idOf, unlisted)
    let first = true
    const member = (id: string, position: number): string => {
      const text = `${first ? '' : ','}${JSON.stringify(id)}:${position}`
      first = false
      return text
    }
    for (const [id, position] of numeric) yield member(id, position)
    for (let at = 0; at < items.length; at++) {
      const id = idOf(items[at]!)
      if (numeric.size === 0 || !isArrayIndex(id)) yield member(id, at)
    }
    for (const id of unlisted) if (numeric.size === 0 || !isArrayIndex(id)) yield member(id, -1)
  }

  /** The ids of `removed` the items do not hold, in `removed`'s order (one pass over the items). */
  private unlistedRemoved(): string[] {
    if (!this.removed || this.removed.size === 0) return []
    const unlisted = new Set(this.removed)
    for (const item of this.items) {
      unlisted.delete(this.idOf(item))
      if (unlisted.size === 0) break
    }
    return [...unlisted]
  }
}

/** The array-index keys of the collection, in numeric order, with their values. */
function numericKeys<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  unlisted: readonly string[],
): Map<string, number> {
  const found: Array<[string, number]> = []
  for (let at = 0; at < items.length; at++) {
    const id = idOf(items[at]!)
    if (isArrayIndex(id)) found.push([id, at])
  }
  for (const id of unlisted) if (isArrayIndex(id)) found.push([id, -1])
  found.sort(([a], [b]) => Number(a) - Number(b))
  return new Map(found)
}

function isArrayIndex(key: string): boolean {
  const code = key.charCodeAt(0)
  return code >= 0x30 && code <= 0x39 && INDEX_FORM.test(key) && Number(key) <= MAX_ARRAY_INDEX
}

/**
 * Records as a collection of their wire forms, written one record at a time:
 * the text of `collectionOf(records, toWire, removed)`, never built whole.
 *
 * @example
 * json(streamedRecords(mostRecentFirst(store.all('tag')), (tag) => wire.render('tag', tag)))
 */
export function streamedRecords<R extends { readonly id: string }>(
  records: readonly R[],
  toWire: (record: R) => unknown,
  removed?: ReadonlySet<string>,
): StreamedJson {
  return new StreamedCollection(
    records,
    (record) => record.id,
    toWire,
    () => collectionOf(records, toWire, removed),
    true,
    removed,
  )
}

/**
 * Records as `{ iterable: [...] }` (no `indices`), written one record at a time.
 *
 * @example
 * json(streamedList(mostRecentFirst(store.all('message')), (message) => wire.render('message', message)))
 */
export function streamedList<R extends { readonly id: string }>(
  records: readonly R[],
  toWire: (record: R) => unknown,
): StreamedJson {
  return new StreamedCollection(
    records,
    (record) => record.id,
    toWire,
    () => ({ iterable: records.map(toWire) }),
    false,
  )
}

/**
 * Ids as a flattened collection written one id at a time: the text of `toFlattened(ids)`.
 *
 * @example
 * json(streamedIds(mostRecentFirst(store.all('asset')).map((asset) => asset.id)))
 */
export function streamedIds(ids: readonly string[]): StreamedJson {
  return new StreamedCollection(
    ids,
    (id) => id,
    (id) => ({ id }),
    () => toFlattened(ids),
    true,
  )
}

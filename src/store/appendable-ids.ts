/**
 * A record's id list that the record's later versions extend without copying
 * it: the ids live in a backing array shared along the versions, each version
 * reading its own length of it. The backing array only grows, and only from
 * the version that reaches its end, so the ids a version reads never change:
 * an older version (a snapshot's, a rolled-back write's, a reader's) keeps
 * reading exactly the ids it had. Extending a version that is not the last
 * (the store's record after a rolled-back append) copies it first.
 *
 * @example
 * const first = AppendableIds.extend(['m1'], ['m2'])
 * const second = AppendableIds.extend(first, ['m3']) // m3 pushed, nothing copied
 * first.ids() // ['m1', 'm2']
 */
export class AppendableIds {
  private plain: string[] | undefined

  private constructor(
    private readonly backing: string[],
    /** How many of the backing array's ids this version holds. */
    readonly length: number,
  ) {}

  /**
   * `from` followed by `more`. Copies `from` only when it is a plain list or a
   * version other versions extended already; else `more` is pushed onto the
   * shared backing array, in time linear in `more` alone.
   */
  static extend(from: readonly string[] | AppendableIds, more: Iterable<string>): AppendableIds {
    let backing: string[]
    if (!(from instanceof AppendableIds)) backing = from.slice()
    else if (from.backing.length === from.length) backing = from.backing
    else backing = from.backing.slice(0, from.length)
    for (const id of more) backing.push(id)
    return new AppendableIds(backing, backing.length)
  }

  /** The ids as a plain array, made on the first read and kept (readers must not edit it, as any record's list). */
  ids(): string[] {
    return (this.plain ??= this.backing.slice(0, this.length))
  }
}

/** The appendable lists of the records that have some, by record and field. */
const listsOf = new WeakMap<object, ReadonlyMap<string, AppendableIds>>()

/** The appendable list behind `field` of `record`, if it has one. */
function appendableIdsOf(record: object, field: string): AppendableIds | undefined {
  return listsOf.get(record)?.get(field)
}

/**
 * The fields of `record` in their order, each appendable list as its
 * {@link AppendableIds} (not read into an array), the others as they are: what
 * a draft copies before it edits the record.
 *
 * @example
 * const fields = recordFields(conversation) // fields.messages: AppendableIds or string[]
 */
export function recordFields(record: object): Record<string, unknown> {
  const lists = listsOf.get(record)
  if (!lists) return { ...record }
  const fields: Record<string, unknown> = {}
  for (const key of Object.keys(record)) {
    fields[key] = lists.get(key) ?? (record as Record<string, unknown>)[key]
  }
  return fields
}

/**
 * A record from `fields`, where a field whose value is an {@link AppendableIds}
 * reads as its ids (a plain array, made on the first read), in the same place
 * among the fields: JSON, spreads, schemas and readers see an ordinary record.
 * Fields without one give a plain copy of `fields`.
 *
 * @example
 * const record = recordWithAppendableIds({ ...fields, messages: AppendableIds.extend(messages, [id]) })
 */
export function recordWithAppendableIds(fields: Record<string, unknown>): Record<string, unknown> {
  let lists: Map<string, AppendableIds> | undefined
  for (const key in fields) {
    const value = fields[key]
    if (value instanceof AppendableIds) (lists ??= new Map()).set(key, value)
  }
  if (!lists) return { ...fields }
  const record: Record<string, unknown> = {}
  for (const key of Object.keys(fields)) {
    const list = lists.get(key)
    // Added one by one in order (an accessor defined on a new key keeps the object's fast properties).
    if (list) Object.defineProperty(record, key, { get: () => list.ids(), enumerable: true, configurable: false })
    else record[key] = fields[key]
  }
  listsOf.set(record, lists)
  return record
}

/**
 * True when `field` of two records is one list: the same array, or the same
 * version of an appendable list (without reading either into an array).
 *
 * @example
 * if (sameIds(previous, next, 'groundingMessages')) return
 */
export function sameIds(a: object | undefined, b: object | undefined, field: string): boolean {
  const lists = a && appendableIdsOf(a, field)
  if (lists) return lists === (b && appendableIdsOf(b, field))
  if (b && appendableIdsOf(b, field)) return false
  return (a as Record<string, unknown> | undefined)?.[field] === (b as Record<string, unknown> | undefined)?.[field]
}

/**
 * How many ids `field` of `record` lists, without reading an appendable list into an array.
 *
 * @example
 * idCount(tag, 'assets') // 30000
 */
export function idCount(record: object, field: string): number {
  const list = appendableIdsOf(record, field)
  if (list) return list.length
  const value = (record as Record<string, unknown>)[field]
  return Array.isArray(value) ? value.length : 0
}

import { AppendableIds, recordFields, recordWithAppendableIds } from '../appendable-ids.js'
import type { RecordKind, RecordOf } from '../schemas/schemas.js'

/**
 * A record whose links a transaction reads or edits: a shallow copy of it,
 * with each list it looks into held as an ordered set, so finding, adding or
 * removing one id costs the same whatever the list's length. The record is
 * built back from the copy when something reads it after an edit, and the
 * transaction validates it once, when it ends: a write that adds or removes
 * n links of one record costs O(n + the record's size), not O(n × its size).
 * An id known to be new to a list (a record created in the same transaction,
 * added to a record as committed) is appended without making the set, and the
 * record as built extends the list without copying it ({@link AppendableIds}):
 * adding a message to a conversation neither hashes nor copies the
 * conversation's other ids.
 *
 * @example
 * const draft = new LinkDraft(conversation)
 * draft.delete('messages', messageId)
 * draft.record().messages // without messageId
 */
export class LinkDraft {
  private readonly fields: Record<string, unknown>
  private readonly lists = new Map<string, Set<string>>()
  /** Ids appended to a list whose set is not made yet, each known not to be in it. */
  private readonly appended = new Map<string, Set<string>>()
  private readonly changedLists = new Set<string>()
  /** The list each field was last built as from its appended ids, and how many of them it holds. */
  private readonly extended = new Map<string, { readonly list: AppendableIds; readonly count: number }>()
  private built: RecordOf<RecordKind> | undefined
  /** True once a link, an owner or `updated` changed: the record must be staged again. */
  edited = false
  /**
   * True while every edit was an id made in this transaction appended to a
   * list the record already has, or `updated` moved: the record is then valid
   * as it was, and its size is the committed one plus what was appended.
   */
  appendOnly = true

  /** `committed`: the record is the store's as committed, so no id made in this transaction is in its lists. */
  constructor(
    private readonly base: RecordOf<RecordKind>,
    readonly committed = false,
  ) {
    this.fields = recordFields(base)
  }

  /** The record's `updated` as the draft has it. */
  get updated(): string {
    return this.fields.updated as string
  }

  /** True when the list `field` holds `id`. */
  has(field: string, id: string): boolean {
    return this.list(field).has(id)
  }

  /** Appends `id` to the list `field` unless it is there already. */
  add(field: string, id: string): void {
    this.appendOnly = false
    this.list(field).add(id)
    this.changed(field)
  }

  /**
   * Appends `id`, which the caller knows is not in the list `field` (an id
   * made in this transaction, on a committed record, or one the link's other
   * side does not list): nothing is scanned or hashed but the ids appended so far.
   */
  addNew(field: string, id: string): void {
    const current = this.fields[field]
    if (!Array.isArray(current) && !(current instanceof AppendableIds)) this.appendOnly = false
    const list = this.lists.get(field)
    if (list) list.add(id)
    else {
      let appended = this.appended.get(field)
      if (!appended) this.appended.set(field, (appended = new Set()))
      appended.add(id)
    }
    this.changed(field)
  }

  /** Takes `id` out of the list `field`; true when it was there. */
  delete(field: string, id: string): boolean {
    this.appendOnly = false
    const removed = this.list(field).delete(id)
    this.changed(field)
    return removed
  }

  /** The id in the owner field `field`, if any. */
  owner(field: string): string | undefined {
    return this.fields[field] as string | undefined
  }

  /** Sets the owner field `field`, or removes it with `undefined`. */
  setOwner(field: string, id: string | undefined): void {
    this.appendOnly = false
    if (id === undefined) delete this.fields[field]
    else this.fields[field] = id
    this.changed()
  }

  /** Moves `updated` to `timestamp`. */
  touch(timestamp: string): void {
    this.fields.updated = timestamp
    this.changed()
  }

  /**
   * What the record as built counts beyond the committed one, by `sizeOf` (a
   * value's count, additive over a list's items): the ids appended and the
   * change of `updated`, in time linear in those alone. Undefined unless
   * {@link appendOnly} with no list read as a set.
   */
  appendedBytes(sizeOf: (value: unknown) => number): number | undefined {
    // A list read as a set holds its appended ids among the others: counted whole instead.
    if (!this.appendOnly || this.lists.size > 0) return undefined
    let bytes = sizeOf(this.fields.updated) - sizeOf(this.base.updated)
    // A list's item counts itself and its separator.
    for (const ids of this.appended.values()) for (const id of ids) bytes += sizeOf(id) + 1
    return bytes
  }

  /** The record as the draft has it now: the original until an edit, then a new record built once per read. */
  record(): RecordOf<RecordKind> {
    if (!this.edited) return this.base
    if (!this.built) {
      const fields = { ...this.fields }
      for (const field of this.changedLists) {
        const appended = this.appended.get(field)
        fields[field] = appended ? this.extend(field, appended) : [...this.list(field)]
      }
      this.built = recordWithAppendableIds(fields) as RecordOf<RecordKind>
    }
    return this.built
  }

  private list(field: string): Set<string> {
    let list = this.lists.get(field)
    if (!list) {
      this.lists.set(field, (list = new Set(this.baseList(field))))
      // Ids appended before the set was needed join it, after the committed ones.
      for (const id of this.appended.get(field) ?? []) list.add(id)
      this.appended.delete(field)
    }
    return list
  }

  private baseList(field: string): readonly string[] {
    const list = this.fields[field]
    if (list instanceof AppendableIds) return list.ids()
    return (list as readonly string[] | undefined) ?? []
  }

  /** The list `field` with `appended` after its committed ids, extending the one built before (if any) by the ids since. */
  private extend(field: string, appended: ReadonlySet<string>): AppendableIds {
    const before = this.extended.get(field)
    const more = [...appended].slice(before?.count ?? 0)
    const from = before?.list ?? (this.fields[field] as readonly string[] | AppendableIds | undefined) ?? []
    const list = AppendableIds.extend(from, more)
    this.extended.set(field, { list, count: appended.size })
    return list
  }

  private changed(field?: string): void {
    if (field !== undefined) this.changedLists.add(field)
    this.edited = true
    this.built = undefined
  }
}

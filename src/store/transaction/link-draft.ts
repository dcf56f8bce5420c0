import type { RecordKind, RecordOf } from '../schemas/schemas.js'

/**
 * A record whose links a transaction reads or edits: a shallow copy of it,
 * with each list it looks into held as an ordered set, so finding, adding or
 * removing one id costs the same whatever the list's length. The record is
 * built back from the copy when something reads it after an edit, and the
 * transaction validates it once, when it ends: a write that adds or removes
 * n links of one record costs O(n + the record's size), not O(n × its size).
 *
 * @example
 * const draft = new LinkDraft(conversation)
 * draft.delete('messages', messageId)
 * draft.record().messages // without messageId
 */
export class LinkDraft {
  private readonly fields: Record<string, unknown>
  private readonly lists = new Map<string, Set<string>>()
  private readonly changedLists = new Set<string>()
  private built: RecordOf<RecordKind> | undefined
  /** True once a link, an owner or `updated` changed: the record must be staged again. */
  edited = false

  constructor(private readonly base: RecordOf<RecordKind>) {
    this.fields = { ...base }
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
    this.list(field).add(id)
    this.changed(field)
  }

  /** Takes `id` out of the list `field`; true when it was there. */
  delete(field: string, id: string): boolean {
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
    if (id === undefined) delete this.fields[field]
    else this.fields[field] = id
    this.changed()
  }

  /** Moves `updated` to `timestamp`. */
  touch(timestamp: string): void {
    this.fields.updated = timestamp
    this.changed()
  }

  /** The record as the draft has it now: the original until an edit, then a new record built once per read. */
  record(): RecordOf<RecordKind> {
    if (!this.edited) return this.base
    if (!this.built) {
      const record = { ...this.fields }
      for (const field of this.changedLists) record[field] = [...this.list(field)]
      this.built = record as RecordOf<RecordKind>
    }
    return this.built
  }

  private list(field: string): Set<string> {
    let list = this.lists.get(field)
    if (!list) this.lists.set(field, (list = new Set((this.fields[field] as readonly string[] | undefined) ?? [])))
    return list
  }

  private changed(field?: string): void {
    if (field !== undefined) this.changedLists.add(field)
    this.edited = true
    this.built = undefined
  }
}

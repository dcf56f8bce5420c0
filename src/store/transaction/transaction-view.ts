import { MockServiceError } from '../../errors.js'
import type { RecordKind, RecordOf } from '../schemas/schemas.js'
import { nextTimestamp, type Clock } from '../clock-and-ids/clock.js'
import { describeKind } from '../schemas/describe-kind.js'
import { LinkDraft } from './link-draft.js'

/** One staged change: the record after the transaction, or `null` when removed. */
export type StagedChanges = Map<RecordKind, Map<string, RecordOf<RecordKind> | null>>

/** Links removed (true) or made again (false) by a transaction: kind → record id → field → other id. */
export type LinkChanges = Map<RecordKind, Map<string, Map<string, Map<string, boolean>>>>

/** A read of committed records, used by a transaction for what it has not staged. */
export interface CommittedReader {
  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined
  all<K extends RecordKind>(kind: K): Iterable<RecordOf<K>>
  isGone(kind: RecordKind, id: string): boolean
  /** The ids of the `kind` records whose one-sided link `field` holds `id`. */
  referrers(kind: RecordKind, field: string, id: string): Iterable<string>
}

/**
 * What a transaction reads: the records it staged and the drafts of those
 * whose links it edits, over the committed records; and how it stages a
 * record. `Transaction` adds the writes.
 */
export abstract class TransactionView {
  readonly staged: StagedChanges = new Map()
  /** The ids `id()` handed out: new to the store, so inserting under one needs no lookup of the committed records. */
  readonly generated = new Set<string>()
  /**
   * Links this transaction removed (true) or made again (false), by kind, record id and field:
   * the store keeps removed ones as `-1` entries of the wire's `indices` until a restart.
   */
  readonly linkChanges: LinkChanges = new Map()
  /**
   * Records whose links this transaction reads or edits, by kind and id: each
   * copied once, however many of its links change, and validated once, by
   * `finish()`. A record staged in another way loses its draft (after reading it).
   */
  protected readonly drafts = new Map<RecordKind, Map<string, LinkDraft>>()

  constructor(
    protected readonly committed: CommittedReader,
    private readonly clock: Clock,
    private readonly createId: () => string,
  ) {}

  /** A new id for a record, one no record of the store has or had. */
  id(): string {
    const id = this.createId()
    this.generated.add(id)
    return id
  }

  /** The timestamp for a record written now (moves past `previous` when given). */
  timestamp(previous?: string): string {
    return nextTimestamp(this.clock, previous)
  }

  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined {
    const draft = this.drafts.get(kind)?.get(id)
    if (draft) return draft.record() as RecordOf<K>
    return this.current(kind, id)
  }

  /** A record as staged or committed, leaving drafts out. */
  protected current<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined {
    const staged = this.staged.get(kind)?.get(id)
    if (staged === null) return undefined
    return (staged as RecordOf<K> | undefined) ?? this.committed.get(kind, id)
  }

  /** Reads a record that must exist; a deleted one is a GONE domain error, an unknown one NOT_FOUND. */
  require<K extends RecordKind>(kind: K, id: string): RecordOf<K> {
    const record = this.get(kind, id)
    if (!record) {
      const gone = this.staged.get(kind)?.get(id) === null || this.committed.isGone(kind, id)
      if (gone) throw new MockServiceError('GONE', `The ${describeKind(kind)} "${id}" was deleted.`)
      throw new MockServiceError('NOT_FOUND', `No ${describeKind(kind)} with id "${id}" exists.`)
    }
    return record
  }

  *all<K extends RecordKind>(kind: K): Iterable<RecordOf<K>> {
    const staged = this.staged.get(kind)
    const drafts = this.drafts.get(kind)
    for (const record of this.committed.all(kind)) {
      const change = staged?.get(record.id)
      if (change === null) continue
      yield (drafts?.get(record.id)?.record() ?? change ?? record) as RecordOf<K>
    }
    if (!staged) return
    for (const [id, change] of staged) {
      if (change && !this.committed.get(kind, id)) yield (drafts?.get(id)?.record() ?? change) as RecordOf<K>
    }
  }

  /** True when the record exists in this transaction's view. */
  protected exists(kind: RecordKind, id: string): boolean {
    return this.drafts.get(kind)?.has(id) === true || this.current(kind, id) !== undefined
  }

  /** Throws the NOT_FOUND of `require()` for a record that does not exist, without reading one that does. */
  protected mustExist(kind: RecordKind, id: string): void {
    if (!this.exists(kind, id)) this.require(kind, id)
  }

  /** The owner id in `field` of a record, without building the record. */
  protected ownerOf(kind: RecordKind, id: string, field: string): string | undefined {
    const draft = this.drafts.get(kind)?.get(id)
    if (draft) return draft.owner(field)
    return (this.current(kind, id) as Record<string, unknown> | undefined)?.[field] as string | undefined
  }

  /** The draft of a record that exists, made on first use. */
  protected draftOf(kind: RecordKind, id: string): LinkDraft {
    let drafts = this.drafts.get(kind)
    let draft = drafts?.get(id)
    if (draft) return draft
    const record = this.current(kind, id) ?? this.require(kind, id)
    if (!drafts) this.drafts.set(kind, (drafts = new Map()))
    drafts.set(id, (draft = new LinkDraft(record, record === this.committed.get(kind, id))))
    return draft
  }

  /** The draft of a record whose links change now: its `updated` moves forward, as `update()` moves it. */
  protected editDraft(kind: RecordKind, id: string): LinkDraft {
    const draft = this.draftOf(kind, id)
    draft.touch(this.timestamp(draft.updated))
    return draft
  }

  protected stageNew<K extends RecordKind>(kind: K, record: RecordOf<K>): RecordOf<K> {
    const taken = this.generated.has(record.id) ? this.staged.get(kind)?.has(record.id) : this.get(kind, record.id)
    if (taken) {
      throw new MockServiceError('INVALID_REQUEST', `A ${describeKind(kind)} with id "${record.id}" already exists.`)
    }
    this.stage(kind, record.id, record)
    return record
  }

  protected stage(kind: RecordKind, id: string, record: RecordOf<RecordKind> | null): void {
    let changes = this.staged.get(kind)
    if (!changes) this.staged.set(kind, (changes = new Map()))
    changes.set(id, record)
    // Whoever staged it read the draft first (update() and remove() do), so its edits are in `record`.
    this.drafts.get(kind)?.delete(id)
  }
}

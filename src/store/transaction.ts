import { MockServiceError } from '../errors.js'
import { RELATIONS, relationOf, type DeclaredLink, type LinkedRecord, type LinkingKind, type Relation } from './relations.js'
import { recordDefaults, recordSchemas, type RecordInput, type RecordKind, type RecordOf } from './schemas.js'
import { nextTimestamp, type Clock } from './clock.js'

/** One staged change: the record after the transaction, or `null` when removed. */
export type StagedChanges = Map<RecordKind, Map<string, RecordOf<RecordKind> | null>>

/** Links removed (true) or made again (false) by a transaction: kind → record id → field → other id. */
export type LinkChanges = Map<RecordKind, Map<string, Map<string, Map<string, boolean>>>>

/** A read of committed records, used by a transaction for what it has not staged. */
export interface CommittedReader {
  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined
  all<K extends RecordKind>(kind: K): Iterable<RecordOf<K>>
  isGone(kind: RecordKind, id: string): boolean
}

/**
 * The writable view of the store inside `store.write()`. Changes are staged in
 * memory and only reach the store when the whole callback returns, so a write
 * that throws half-way changes nothing.
 */
export class Transaction {
  readonly staged: StagedChanges = new Map()
  /** The ids `id()` handed out: new to the store, so inserting under one needs no lookup of the committed records. */
  readonly generated = new Set<string>()
  /**
   * Links this transaction removed (true) or made again (false), by kind, record id and field:
   * the store keeps removed ones as `-1` entries of the wire's `indices` until a restart.
   */
  readonly linkChanges: LinkChanges = new Map()

  constructor(
    private readonly committed: CommittedReader,
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
    const staged = this.staged.get(kind)?.get(id)
    if (staged === null) return undefined
    return (staged as RecordOf<K> | undefined) ?? this.committed.get(kind, id)
  }

  /** Reads a record that must exist; a missing one is a NOT_FOUND domain error. */
  require<K extends RecordKind>(kind: K, id: string): RecordOf<K> {
    const record = this.get(kind, id)
    if (!record) {
      const gone = this.staged.get(kind)?.get(id) === null || this.committed.isGone(kind, id)
      throw new MockServiceError(
        'NOT_FOUND',
        gone ? `The ${describeKind(kind)} "${id}" was deleted.` : `No ${describeKind(kind)} with id "${id}" exists.`,
      )
    }
    return record
  }

  *all<K extends RecordKind>(kind: K): Iterable<RecordOf<K>> {
    const staged = this.staged.get(kind)
    for (const record of this.committed.all(kind)) {
      const change = staged?.get(record.id)
      if (change === null) continue
      yield (change as RecordOf<K> | undefined) ?? record
    }
    if (!staged) return
    for (const [id, change] of staged) {
      if (change && !this.committed.get(kind, id)) yield change as RecordOf<K>
    }
  }

  /** Stages a new record, validated against its schema. */
  insert<K extends RecordKind>(kind: K, input: RecordInput<K>): RecordOf<K> {
    return this.stageNew(kind, parseRecord(kind, input))
  }

  /**
   * Stages a new record the mock built itself from a request body its route
   * has already validated (a created conversation from its SeededConversation):
   * the schema's defaults fill the fields left out, and the record is not
   * parsed a second time. Anything that comes from outside the mock as it is
   * goes through insert().
   */
  insertBuilt<K extends RecordKind>(kind: K, fields: RecordInput<K> & { readonly id: string }): RecordOf<K> {
    return this.stageNew(kind, { ...recordDefaults(kind), ...fields } as RecordOf<K>)
  }

  /**
   * Stages a change to a record: `change` gets a copy to edit. `updated` moves
   * forward unless `touch` is false.
   */
  update<K extends RecordKind>(
    kind: K,
    id: string,
    change: (draft: RecordOf<K>) => void,
    { touch = true }: { touch?: boolean } = {},
  ): RecordOf<K> {
    const current = this.require(kind, id)
    const draft = cloneRecord(current)
    change(draft)
    draft.id = current.id
    if (touch) draft.updated = this.timestamp(current.updated)
    const record = parseRecord(kind, draft)
    this.stage(kind, id, record)
    return record
  }

  /** Stages the removal of a record and of every link to it. */
  remove(kind: RecordKind, id: string): void {
    this.require(kind, id)
    this.unlinkEverywhere(kind, id)
    this.stage(kind, id, null)
  }

  /** Links `toId` into `field` of the `fromKind` record and the reverse side. Idempotent. */
  link<K extends LinkingKind>(fromKind: K, fromId: string, field: DeclaredLink<K>, toId: string): void {
    const relation = relationOf(fromKind, field)
    this.require(fromKind, fromId)
    const target: LinkedRecord = this.require(relation.to, toId)
    if (relation.inverseOne) {
      const owner = target[relation.inverse]
      if (owner !== undefined && owner !== fromId && this.get(fromKind, owner)) {
        this.removeLink(fromKind, owner, relation.field, toId)
      }
    }
    this.addLink(fromKind, fromId, relation.field, toId)
    if (relation.inverseOne) {
      const ownerField = relation.inverse
      this.editLinks(relation.to, toId, (draft) => void (draft[ownerField] = fromId))
    } else if (relation.inverse) {
      const inverse = relation.inverse
      this.addLink(relation.to, toId, inverse, fromId)
    }
  }

  /** Removes a link from both sides. Unlinking ids that are not linked is a no-op. */
  unlink<K extends LinkingKind>(fromKind: K, fromId: string, field: DeclaredLink<K>, toId: string): void {
    const relation = relationOf(fromKind, field)
    this.require(fromKind, fromId)
    this.require(relation.to, toId)
    this.removeLink(fromKind, fromId, relation.field, toId)
    if (!relation.inverse) return
    if (relation.inverseOne) {
      // The record leaves its owner (an annotation its asset); one whose owner is required refuses.
      const ownerField = relation.inverse
      const target: LinkedRecord = this.require(relation.to, toId)
      if (target[ownerField] === fromId) this.editLinks(relation.to, toId, (draft) => void delete draft[ownerField])
      return
    }
    const inverse = relation.inverse
    this.removeLink(relation.to, toId, inverse, fromId)
  }

  private unlinkEverywhere(kind: RecordKind, id: string): void {
    const record: LinkedRecord = this.require(kind, id)
    for (const relation of RELATIONS_BY_KIND.get(kind) ?? []) {
      if (relation.from === kind) {
        // Records that point back at this one lose the link.
        if (!relation.inverse || relation.inverseOne) continue
        const inverse = relation.inverse
        for (const otherId of record[relation.field] ?? []) {
          if (this.get(relation.to, otherId)) this.removeLink(relation.to, otherId, inverse, id)
        }
      } else if (relation.inverse && !relation.inverseOne) {
        for (const otherId of record[relation.inverse] ?? []) {
          if (this.get(relation.from, otherId)) {
            this.removeLink(relation.from, otherId, relation.field, id)
          }
        }
      } else {
        // Single-owner links (a message's conversation) and one-sided links:
        // find the owners that list this record.
        const ownerId = relation.inverseOne ? record[relation.inverse] : undefined
        const owners = ownerId !== undefined ? [this.get(relation.from, ownerId)] : this.all(relation.from)
        for (const owner of owners) {
          const linked: LinkedRecord | undefined = owner
          if (linked?.[relation.field]?.includes(id)) {
            this.removeLink(relation.from, linked.id, relation.field, id)
          }
        }
      }
    }
  }

  /** Stages a change to the link fields of a record, as `update()` does. */
  private addLink(kind: RecordKind, id: string, field: Relation['field'], other: string): void {
    this.editLinks(kind, id, (draft) => addId(draft, field, other))
    this.noteLink(kind, id, field, other, false)
  }

  /** Takes `other` out of a record's list; when it was there, its `indices` entry becomes `-1`. */
  private removeLink(kind: RecordKind, id: string, field: Relation['field'], other: string): void {
    const record: LinkedRecord | undefined = this.get(kind, id)
    const linked = record?.[field]?.includes(other) ?? false
    this.editLinks(kind, id, (draft) => removeId(draft, field, other))
    if (linked) this.noteLink(kind, id, field, other, true)
  }

  private noteLink(kind: RecordKind, id: string, field: string, other: string, removed: boolean): void {
    let byId = this.linkChanges.get(kind)
    if (!byId) this.linkChanges.set(kind, (byId = new Map()))
    let byField = byId.get(id)
    if (!byField) byId.set(id, (byField = new Map()))
    let others = byField.get(field)
    if (!others) byField.set(field, (others = new Map()))
    others.set(other, removed)
  }

  private editLinks(kind: RecordKind, id: string, edit: (draft: LinkedRecord) => void): void {
    this.update(kind, id, (draft) => edit(draft))
  }

  private stageNew<K extends RecordKind>(kind: K, record: RecordOf<K>): RecordOf<K> {
    const taken = this.generated.has(record.id) ? this.staged.get(kind)?.has(record.id) : this.get(kind, record.id)
    if (taken) {
      throw new MockServiceError('INVALID_REQUEST', `A ${describeKind(kind)} with id "${record.id}" already exists.`)
    }
    this.stage(kind, record.id, record)
    return record
  }

  private stage(kind: RecordKind, id: string, record: RecordOf<RecordKind> | null): void {
    let changes = this.staged.get(kind)
    if (!changes) this.staged.set(kind, (changes = new Map()))
    changes.set(id, record)
  }
}


const RELATIONS_BY_KIND = new Map<RecordKind, readonly Relation[]>()
for (const relation of RELATIONS) {
  for (const kind of new Set([relation.from, relation.to])) {
    RELATIONS_BY_KIND.set(kind, [...(RELATIONS_BY_KIND.get(kind) ?? []), relation])
  }
}

/**
 * A deep copy of a record for `update()` to edit. Records are JSON data, so
 * plain objects and arrays are copied key by key (several times faster than
 * `structuredClone`); anything else inside one (a Date in an open-ended field)
 * is handed to `structuredClone`, as before.
 */
function cloneRecord<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(cloneRecord) as T
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value)
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) copy[key] = cloneRecord((value as Record<string, unknown>)[key])
  return copy as T
}

function addId(draft: LinkedRecord, field: Relation['field'], id: string): void {
  const list = draft[field] ?? []
  if (!list.includes(id)) draft[field] = [...list, id]
}

function removeId(draft: LinkedRecord, field: Relation['field'], id: string): void {
  draft[field] = (draft[field] ?? []).filter((existing) => existing !== id)
}

function parseRecord<K extends RecordKind>(kind: K, input: unknown): RecordOf<K> {
  const result = recordSchemas[kind].safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]
    const path = issue?.path.join('.') || '(record)'
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Invalid ${describeKind(kind)}: ${path}: ${issue?.message ?? 'does not match the schema'}.`,
    )
  }
  return result.data as RecordOf<K>
}

const KIND_NAMES: Record<RecordKind, string> = {
  conversation: 'conversation',
  message: 'message',
  annotation: 'annotation',
  asset: 'asset',
  format: 'format',
  activity: 'activity',
  tag: 'tag',
  website: 'website',
  anchor: 'anchor',
  workstreamSummary: 'workstream summary',
  range: 'range',
  application: 'application',
  model: 'model',
  user: 'user',
}

/**
 * The human name of a record kind, for messages.
 *
 * @example
 * describeKind('workstreamSummary') // 'workstream summary'
 */
export function describeKind(kind: RecordKind): string {
  return KIND_NAMES[kind]
}

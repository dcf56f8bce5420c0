import {
  RELATIONS,
  relationOf,
  type DeclaredLink,
  type LinkedRecord,
  type LinkingKind,
  type Relation,
} from '../relations.js'
import { idCount } from '../appendable-ids.js'
import { recordDefaults } from '../schemas/record-defaults.js'
import type { RecordInput, RecordKind, RecordOf } from '../schemas/schemas.js'
import { cloneRecord, parseRecord } from '../schemas/parse-record.js'
import type { Pointer } from '../referrer-index.js'
import type { LinkDraft } from './link-draft.js'
import { TransactionView } from './transaction-view.js'

/**
 * The writable view of the store inside `store.write()`. Changes are staged in
 * memory and only reach the store when the whole callback returns, so a write
 * that throws half-way changes nothing.
 */
export class Transaction extends TransactionView {
  /**
   * Validates the records whose links changed, once each, and stages them.
   * The store calls it when the write's callback returns; a record that does
   * not validate fails the whole write.
   */
  finish(): void {
    for (const [kind, drafts] of this.drafts) {
      for (const [id, draft] of drafts) {
        if (!draft.edited) continue
        // A committed record that only gained ids new to it (and a new `updated`) is valid as it was.
        if (!draft.appendOnly || !draft.committed) {
          this.stage(kind, id, parseRecord(kind, draft.record()))
          continue
        }
        const record = draft.record()
        this.stage(kind, id, record)
        ;(this.appended ??= new Map()).set(record, draft)
      }
    }
    this.drafts.clear()
  }

  /** The committed records that only gained ids, by the record staged for each (made on the first). */
  private appended: Map<object, LinkDraft> | undefined

  /** The draft of a staged record that only gained ids: the store counts what they added alone. */
  appendedTo(record: object): LinkDraft | undefined {
    return this.appended?.get(record)
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

  /**
   * Moves a record's `updated` forward and changes nothing else (a
   * conversation whose message was edited): the record is neither copied
   * field by field nor validated again, so it costs the same however long
   * its lists are.
   *
   * @example
   * await store.write((tx) => tx.touch('conversation', conversationId))
   */
  touch<K extends RecordKind>(kind: K, id: string): RecordOf<K> {
    return this.editDraft(kind, id).record() as RecordOf<K>
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
    this.mustExist(fromKind, fromId)
    this.mustExist(relation.to, toId)
    if (relation.inverseOne) {
      const owner = this.ownerOf(relation.to, toId, relation.inverse)
      if (owner !== undefined && owner !== fromId && this.exists(fromKind, owner)) {
        this.removeLink(fromKind, owner, relation.field, toId)
      }
    }
    // Both sides of a two-sided link are kept in step: whether it is new is read on the shorter list, and the longer one is only appended to.
    const known =
      relation.inverse !== undefined &&
      !relation.inverseOne &&
      this.unlinked(fromKind, fromId, relation.field, relation.to, toId, relation.inverse)
    this.addLink(fromKind, fromId, relation.field, toId, known)
    if (relation.inverseOne) this.editDraft(relation.to, toId).setOwner(relation.inverse, fromId)
    else if (relation.inverse) this.addLink(relation.to, toId, relation.inverse, fromId, known)
  }

  /**
   * True when `idA` of `kindA` does not list `idB` in `fieldA`, read on the
   * side whose list is shorter (`idB`'s `fieldB`, the inverse, holds `idA`
   * exactly when it does): a tag of 30k assets is not looked through to add
   * an asset of two tags.
   */
  private unlinked(
    kindA: RecordKind,
    idA: string,
    fieldA: string,
    kindB: RecordKind,
    idB: string,
    fieldB: string,
  ): boolean {
    const countA = idCount(this.require(kindA, idA), fieldA)
    const countB = idCount(this.require(kindB, idB), fieldB)
    return countA <= countB ? !this.draftOf(kindA, idA).has(fieldA, idB) : !this.draftOf(kindB, idB).has(fieldB, idA)
  }

  /** Removes a link from both sides. Unlinking ids that are not linked is a no-op. */
  unlink<K extends LinkingKind>(fromKind: K, fromId: string, field: DeclaredLink<K>, toId: string): void {
    const relation = relationOf(fromKind, field)
    this.mustExist(fromKind, fromId)
    this.mustExist(relation.to, toId)
    this.removeLink(fromKind, fromId, relation.field, toId)
    if (!relation.inverse) return
    if (relation.inverseOne) {
      // The record leaves its owner (an annotation its asset); one whose owner
      // is required fails validation when the transaction ends.
      if (this.ownerOf(relation.to, toId, relation.inverse) === fromId) {
        this.editDraft(relation.to, toId).setOwner(relation.inverse, undefined)
      }
      return
    }
    this.removeLink(relation.to, toId, relation.inverse, fromId)
  }

  /** Every record that links the removed one loses the link: O(its links), whatever the size of the records at the other end. */
  private unlinkEverywhere(kind: RecordKind, id: string): void {
    const record: LinkedRecord = this.require(kind, id)
    for (const relation of RELATIONS_BY_KIND.get(kind) ?? []) {
      if (relation.from === kind) {
        // Records that point back at this one lose the link.
        if (!relation.inverse || relation.inverseOne) continue
        const inverse = relation.inverse
        for (const otherId of record[relation.field] ?? []) {
          if (this.exists(relation.to, otherId)) this.removeLink(relation.to, otherId, inverse, id)
        }
      } else if (relation.inverse && !relation.inverseOne) {
        for (const otherId of record[relation.inverse] ?? []) {
          if (this.exists(relation.from, otherId)) this.removeLink(relation.from, otherId, relation.field, id)
        }
      } else if (relation.inverseOne) {
        // A single-owner link (a message's conversation): only its owner lists it.
        const ownerId = record[relation.inverse]
        if (
          ownerId !== undefined &&
          this.exists(relation.from, ownerId) &&
          this.draftOf(relation.from, ownerId).has(relation.field, id)
        ) {
          this.removeLink(relation.from, ownerId, relation.field, id)
        }
      } else {
        for (const ownerId of this.referrers(relation.from, relation.field, id)) {
          if (this.draftOf(relation.from, ownerId).has(relation.field, id))
            this.removeLink(relation.from, ownerId, relation.field, id)
        }
      }
    }
  }

  /**
   * The ids of the `kind` records whose single-id `field` names `id` now, this
   * transaction's changes included, found through the store's index.
   *
   * @example
   * for (const activityId of tx.pointingAt('activity', 'asset', assetId)) tx.remove('activity', activityId)
   */
  pointingAt(kind: Pointer['from'], field: Pointer['field'], id: string): string[] {
    const found: string[] = []
    for (const candidate of this.referrers(kind, field, id)) {
      if ((this.get(kind, candidate) as Record<string, unknown> | undefined)?.[field] === id) found.push(candidate)
    }
    return found
  }

  /**
   * The records of `kind` that may hold `id` in their one-sided link `field`:
   * those the committed records say do, and those this transaction staged.
   */
  private referrers(kind: RecordKind, field: string, id: string): Set<string> {
    const candidates = new Set(this.committed.referrers(kind, field, id))
    for (const stagedId of this.staged.get(kind)?.keys() ?? []) candidates.add(stagedId)
    for (const draftId of this.drafts.get(kind)?.keys() ?? []) candidates.add(draftId)
    for (const candidate of candidates) if (!this.exists(kind, candidate)) candidates.delete(candidate)
    return candidates
  }

  /** `known`: the caller knows `other` is not in the list (read on the link's other side). */
  private addLink(kind: RecordKind, id: string, field: Relation['field'], other: string, known = false): void {
    const draft = this.editDraft(kind, id)
    // An id made in this transaction is in no committed list: appended without a look at the others.
    if (draft.committed && (known || this.generated.has(other))) draft.addNew(field, other)
    else draft.add(field, other)
    this.noteLink(kind, id, field, other, false)
  }

  /** Takes `other` out of a record's list; when it was there, its `indices` entry becomes `-1`. */
  private removeLink(kind: RecordKind, id: string, field: Relation['field'], other: string): void {
    if (this.editDraft(kind, id).delete(field, other)) this.noteLink(kind, id, field, other, true)
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
}

const RELATIONS_BY_KIND = new Map<RecordKind, readonly Relation[]>()
for (const relation of RELATIONS) {
  for (const kind of new Set([relation.from, relation.to])) {
    RELATIONS_BY_KIND.set(kind, [...(RELATIONS_BY_KIND.get(kind) ?? []), relation])
  }
}

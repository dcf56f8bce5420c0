import { sameIds } from './appendable-ids.js'
import { RELATIONS, type LinkedRecord, type Relation } from './relations.js'
import type { RecordKind } from './schemas/schemas.js'

/** The links without an inverse (a conversation's `groundingMessages`): nothing on the linked record says who holds it. */
const ONE_SIDED: readonly Relation[] = RELATIONS.filter((relation) => !relation.inverse)

/**
 * Single-id fields that name a record no list points back from (an activity's `asset`):
 * indexed too, so removing the record they name finds them without reading the whole kind.
 */
const POINTERS = [{ from: 'activity', field: 'asset' }] as const satisfies readonly {
  readonly from: RecordKind
  readonly field: string
}[]

/** One indexed single-id field. */
export type Pointer = (typeof POINTERS)[number]

/**
 * The records that hold a one-sided link to each record, so removing a record
 * finds them without reading every record of their kind. The store keeps it
 * in step with every commit, at the cost of the changed lists.
 *
 * @example
 * const referrers = new ReferrerIndex()
 * referrers.add('conversation', conversation)
 * referrers.of('conversation', 'groundingMessages', messageId) // Set { conversation.id }
 */
export class ReferrerIndex {
  /** `from.field` → linked id → the ids of the records that link it. */
  private readonly byRelation = new Map<string, Map<string, Set<string>>>()

  /** Notes the one-sided links of a record that was added. */
  add(kind: RecordKind, record: LinkedRecord): void {
    this.replace(kind, undefined, record)
  }

  /** Notes that a record's one-sided links went from `previous` to `next` (either left out when it was added or removed). */
  replace(kind: RecordKind, previous: LinkedRecord | undefined, next: LinkedRecord | undefined): void {
    for (const relation of ONE_SIDED) {
      if (relation.from !== kind) continue
      // An unchanged list (an appendable one too) is not read.
      if (sameIds(previous, next, relation.field)) continue
      const before = previous?.[relation.field]
      const after = next?.[relation.field]
      const key = `${kind}.${relation.field}`
      let byId = this.byRelation.get(key)
      if (!byId) this.byRelation.set(key, (byId = new Map()))
      const id = (previous ?? next)!.id
      for (const linked of before ?? []) {
        const holders = byId.get(linked)
        holders?.delete(id)
        if (holders?.size === 0) byId.delete(linked)
      }
      for (const linked of after ?? []) {
        let holders = byId.get(linked)
        if (!holders) byId.set(linked, (holders = new Set()))
        holders.add(id)
      }
    }
    for (const pointer of POINTERS) {
      if (pointer.from === kind) this.replacePointer(kind, pointer.field, previous, next)
    }
  }

  private replacePointer(kind: RecordKind, field: string, previous?: LinkedRecord, next?: LinkedRecord): void {
    const before = (previous as Record<string, unknown> | undefined)?.[field]
    const after = (next as Record<string, unknown> | undefined)?.[field]
    if (before === after) return
    const key = `${kind}.${field}`
    let byId = this.byRelation.get(key)
    if (!byId) this.byRelation.set(key, (byId = new Map()))
    const id = (previous ?? next)!.id
    if (typeof before === 'string') {
      const holders = byId.get(before)
      holders?.delete(id)
      if (holders?.size === 0) byId.delete(before)
    }
    if (typeof after === 'string') {
      let holders = byId.get(after)
      if (!holders) byId.set(after, (holders = new Set()))
      holders.add(id)
    }
  }

  /** The ids of the `kind` records whose `field` holds `id` (a one-sided list or a pointer). */
  of(kind: RecordKind, field: string, id: string): ReadonlySet<string> {
    return this.byRelation.get(`${kind}.${field}`)?.get(id) ?? NONE
  }
}

const NONE: ReadonlySet<string> = new Set()

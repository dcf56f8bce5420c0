import { MockServiceError } from '../../errors.js'
import { relationOf, type DeclaredLink, type LinkingKind } from '../../store/relations.js'
import type { RecordKind } from '../../store/schemas/schemas.js'
import type { Transaction } from '../../store/transaction/transaction.js'
import { defineOperation, noContent, type Operation } from './define-operation.js'
import { pathId } from './request-input.js'

/** A link of the relation table: a kind that owns links, and one of its link fields. */
type StoreLink = { [K in LinkingKind]: readonly [K, DeclaredLink<K>] }[LinkingKind]

/** A link route: its operation id, literal path(s), the kind each parameter names, and the store link it changes. */
export interface LinkRouteSpec {
  readonly id: string
  readonly paths: readonly string[]
  readonly params: Readonly<Record<string, RecordKind>>
  /** The store's link, `[kind, field]`, as declared in src/store/relations.ts; either side's route names the same link. */
  readonly relation: StoreLink
  /** More to stage in the same write, e.g. the activity an asset logs. */
  readonly also?: (tx: Transaction, ids: Readonly<Record<string, string>>) => void
}

/**
 * An operation that links two records on both sides (204). The path's
 * parameters name the two records by kind, whichever side's route it is.
 *
 * @example
 * associate({ id: 'conversationAssociateAnchor', paths: ['/conversation/:conversation/anchors/associate/:anchor'], params: { conversation: 'conversation', anchor: 'anchor' }, relation: ['conversation', 'anchors'] })
 */
export function associate(spec: LinkRouteSpec): Operation {
  return linkRoute(spec, (tx, kind, field, owner, other) => tx.link(kind, owner, field, other))
}

/**
 * An operation that removes a link from both sides (204).
 *
 * @example
 * disassociate({ id: 'conversationDisassociateAnchor', paths: ['/conversation/:conversation/anchors/disassociate/:anchor'], params: { conversation: 'conversation', anchor: 'anchor' }, relation: ['conversation', 'anchors'] })
 */
export function disassociate(spec: LinkRouteSpec): Operation {
  return linkRoute(spec, (tx, kind, field, owner, other) => tx.unlink(kind, owner, field, other))
}

function linkRoute(
  spec: LinkRouteSpec,
  change: (tx: Transaction, kind: LinkingKind, field: DeclaredLink<LinkingKind>, owner: string, other: string) => void,
): Operation {
  // The pair is one of the table's (StoreLink); the compiler cannot follow the field's type through the destructuring.
  const [kind, field] = spec.relation as readonly [LinkingKind, DeclaredLink<LinkingKind>]
  const relation = relationOf(kind, field)
  const names = Object.keys(spec.params)
  const ownerParam = names.find((name) => spec.params[name] === relation.from)
  const otherParam = names.find((name) => name !== ownerParam && spec.params[name] === relation.to)
  if (ownerParam === undefined || otherParam === undefined) {
    throw new Error(
      `Failed to declare the link operation ${spec.id}: its parameters ${JSON.stringify(spec.params)} do not name a ${relation.from} and a ${relation.to}. Name both records of ${kind}.${String(field)}.`,
    )
  }
  return defineOperation({
    id: spec.id,
    method: 'POST',
    paths: spec.paths,
    params: spec.params,
    body: 'none',
    async run(context) {
      const ids = { [ownerParam]: pathId(context, ownerParam), [otherParam]: pathId(context, otherParam) }
      if (relation.from === relation.to && ids[ownerParam] === ids[otherParam]) {
        throw new MockServiceError(
          'INVALID_REQUEST',
          `A ${relation.to} cannot be linked with itself: "${ids[ownerParam]}".`,
        )
      }
      await context.store.write((tx) => {
        change(tx, kind, field, ids[ownerParam]!, ids[otherParam]!)
        spec.also?.(tx, ids)
      })
      return noContent()
    },
  })
}

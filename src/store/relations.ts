import type { RecordKind } from './schemas.js'

/**
 * One link between two record kinds. `field` on the `from` record holds ids of
 * `to` records; `inverse` on the `to` record holds the id(s) of `from` records
 * (`inverseOne` when it is a single id rather than a list). Links without an
 * inverse are one-sided.
 */
export interface Relation {
  readonly from: RecordKind
  readonly field: string
  readonly to: RecordKind
  readonly inverse?: string
  readonly inverseOne?: boolean
}

/** Every link the store keeps, each listed once from its owning side. */
export const RELATIONS: readonly Relation[] = [
  { from: 'conversation', field: 'messages', to: 'message', inverse: 'conversation', inverseOne: true },
  { from: 'conversation', field: 'annotations', to: 'annotation', inverse: 'conversation', inverseOne: true },
  { from: 'conversation', field: 'assets', to: 'asset', inverse: 'conversations' },
  { from: 'conversation', field: 'websites', to: 'website', inverse: 'conversations' },
  { from: 'conversation', field: 'anchors', to: 'anchor', inverse: 'conversations' },
  { from: 'conversation', field: 'summaries', to: 'workstreamSummary', inverse: 'conversations' },
  { from: 'conversation', field: 'groundingRanges', to: 'range', inverse: 'conversations' },
  { from: 'conversation', field: 'groundingMessages', to: 'message' },
  { from: 'asset', field: 'formats', to: 'format', inverse: 'asset', inverseOne: true },
  { from: 'asset', field: 'annotations', to: 'annotation', inverse: 'asset', inverseOne: true },
  { from: 'asset', field: 'tags', to: 'tag', inverse: 'assets' },
  { from: 'asset', field: 'websites', to: 'website', inverse: 'assets' },
  { from: 'asset', field: 'summaries', to: 'workstreamSummary', inverse: 'assets' },
  { from: 'asset', field: 'anchors', to: 'anchor', inverse: 'assets' },
]

/**
 * Finds the relation that `field` of `from` records stands for.
 *
 * @example
 * relationOf('conversation', 'assets').inverse // 'conversations'
 */
export function relationOf(from: RecordKind, field: string): Relation {
  const relation = RELATIONS.find((r) => r.from === from && r.field === field)
  if (!relation) {
    throw new Error(
      `Failed to find the relation "${from}.${field}": no such link is declared. Add it to RELATIONS in src/store/relations.ts.`,
    )
  }
  return relation
}

import type { FormatRecord } from '../../store/schemas/schemas.js'
import type { OperationContext } from '../define/define-operation.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { readRecord } from '../define/record-routes.js'
import { goneOnRefusal } from '../../errors.js'
import { mostRecentFirst } from '../../store/most-recent-first.js'

type NodeType = 'TAG' | 'WEBSITE' | 'FORMAT' | 'ASSET'

/**
 * A format's relationship, derived from the store: the format itself as the
 * root node, then its asset, the asset's other formats, its tags and its
 * websites, in that order. The mock computes no embeddings (`embeddings` is
 * empty); the relationship's id is the format's.
 */
function relationshipOf(context: OperationContext, format: FormatRecord) {
  const now = (iso: string) => ({ value: iso })
  const node = (id: string, type: NodeType, created: string, root = false) => ({
    id,
    type,
    root,
    created: now(created),
  })
  const asset = context.store.get('asset', format.asset)
  const edges = [node(format.id, 'FORMAT', format.created, true)]
  if (asset) {
    edges.push(node(asset.id, 'ASSET', asset.created))
    for (const id of asset.formats) {
      const other = id === format.id ? undefined : context.store.get('format', id)
      if (other) edges.push(node(other.id, 'FORMAT', other.created))
    }
    for (const id of asset.tags) {
      const tag = context.store.get('tag', id)
      if (tag) edges.push(node(tag.id, 'TAG', tag.created))
    }
    for (const id of asset.websites) {
      const website = context.store.get('website', id)
      if (website) edges.push(node(website.id, 'WEBSITE', website.created))
    }
  }
  return {
    id: format.id,
    embeddings: { iterable: [] },
    edges: { iterable: edges },
    created: now(format.created),
    updated: now(format.updated),
  }
}

/**
 * The relationship reads (RelationshipApi and RelationshipsApi): a
 * relationship is a format's place among the records around it, derived
 * from the store (see `relationshipOf`), one per format, keyed by its id.
 *
 * @example
 * routeTable() // holds these
 */
export const relationshipsOperations: readonly Operation[] = [
  defineOperation({
    id: 'relationshipsSnapshot',
    method: 'GET',
    paths: ['/relationships'],
    params: {},
    run(context) {
      const formats = mostRecentFirst(context.store.all('format'))
      return json({ iterable: formats.map((format) => relationshipOf(context, format)) })
    },
  }),
  defineOperation({
    id: 'relationshipsSpecificRelationshipSnapshot',
    method: 'GET',
    paths: ['/relationship/:relationship'],
    params: { relationship: 'format' },
    run(context) {
      return goneOnRefusal(() => {
        const format = readRecord(context, 'format', 'relationship', 'Relationship not found: no format has its id.')
        return json(relationshipOf(context, format))
      })
    },
  }),
]

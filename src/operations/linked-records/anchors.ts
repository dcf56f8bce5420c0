import { assignOptional, createOperation, updateOperation } from '../define/write-operations.js'
import { createAnchor } from '../../domain/record-writes.js'
import { seededAnchorInput } from '../../domain/inputs/record-seeds.js'
import { deleteAnchor } from '../../domain/asset-detail-writes.js'
import { defineOperation, json, noContent, type Operation } from '../define/define-operation.js'
import { scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { anchorUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { pathId, wireContext } from '../define/request-input.js'
import { searchOperation } from '../search/search-operation.js'

/** The name a rename gives an anchor: the last segment of its path. */
function nameOfPath(fullpath: string): string {
  const segments = fullpath.split(/[\\/]/).filter((segment) => segment !== '')
  return segments.at(-1) ?? fullpath
}

/**
 * The anchor's own routes (AnchorApi and AnchorsApi): its snapshot, create,
 * update, rename, delete (with its points), score increment and search. `GET /anchors` is in
 * the linked-record lists.
 *
 * @example
 * routeTable() // holds these
 */
export const anchorsOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'anchorSpecificAnchorSnapshot',
    paths: ['/anchor/:anchor'],
    param: 'anchor',
    kind: 'anchor',
    gone: 'Anchor not found.',
  }),
  createOperation({
    id: 'anchorsCreateNewAnchor',
    path: '/anchors/create',
    kind: 'anchor',
    model: 'SeededAnchor',
    input: seededAnchorInput,
    create: createAnchor,
  }),
  updateOperation({
    id: 'anchorUpdate',
    path: '/anchor/update',
    kind: 'anchor',
    model: 'Anchor',
    input: anchorUpdateInput,
    apply(draft, input) {
      draft.type = input.type
      assignOptional(draft, 'name', input.name)
      assignOptional(draft, 'watch', input.watch)
    },
  }),
  defineOperation({
    id: 'anchorRename',
    method: 'POST',
    paths: ['/anchor/:anchor/rename'],
    params: { anchor: 'anchor' },
    body: 'none',
    async run(context) {
      const id = pathId(context, 'anchor')
      const wire = wireContext(context)
      const anchor = await context.store.write((tx) =>
        tx.update('anchor', id, (draft) => {
          draft.name = nameOfPath(draft.fullpath)
        }),
      )
      return json(wire.render('anchor', anchor))
    },
  }),
  defineOperation({
    id: 'anchorsDeleteSpecificAnchor',
    method: 'POST',
    paths: ['/anchors/:anchor/delete'],
    params: { anchor: 'anchor' },
    body: 'none',
    async run(context) {
      const id = pathId(context, 'anchor')
      await context.store.write((tx) => deleteAnchor(tx, id))
      return noContent()
    },
  }),
  scoresIncrementOperation({
    id: 'anchorScoresIncrement',
    paths: ['/anchor/:anchor/scores/increment'],
    param: 'anchor',
    kind: 'anchor',
    keys: ['anchor', 'anchors'],
  }),
  searchOperation({
    id: 'searchAnchors',
    paths: ['/anchors/search'],
    kind: 'anchor',
    key: 'anchor',
    texts: (anchor) => [anchor.name, anchor.fullpath],
  }),
]

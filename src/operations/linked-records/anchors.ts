import { createAnchor } from '../../domain/record-writes.js'
import { seededAnchorInput } from '../../domain/inputs/record-seeds.js'
import { deleteAnchor } from '../../domain/asset-detail-writes.js'
import { defineOperation, json, noContent, type Operation } from '../define/define-operation.js'
import { requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { anchorUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'
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
  defineOperation({
    id: 'anchorsCreateNewAnchor',
    method: 'POST',
    paths: ['/anchors/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededAnchor')
      const seed = parseBody(seededAnchorInput, context.request.body, 'SeededAnchor')
      const wire = wireContext(context)
      const anchor = await context.store.write((tx) => createAnchor(tx, seed))
      return json(wire.render('anchor', anchor))
    },
  }),
  defineOperation({
    id: 'anchorUpdate',
    method: 'POST',
    paths: ['/anchor/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Anchor')
      const input = parseBody(anchorUpdateInput, context.request.body, 'Anchor')
      const wire = wireContext(context)
      const anchor = await context.store.write((tx) =>
        tx.update('anchor', input.id, (draft) => {
          draft.type = input.type
          if (input.name === null) delete draft.name
          else if (input.name !== undefined) draft.name = input.name
          if (input.watch === null) delete draft.watch
          else if (input.watch !== undefined) draft.watch = input.watch
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('anchor', anchor))
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

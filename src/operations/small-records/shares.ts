import { updateOperation } from '../define/write-operations.js'
import { createShare } from '../../domain/asset-detail-writes.js'
import { seededShareInput, shareUpdateInput } from '../../domain/inputs/asset-detail-inputs.js'
import { defineOperation, json, text, type Operation } from '../define/define-operation.js'
import { requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'
import { listOperation } from './list-operation.js'

/**
 * The share's routes (ShareApi and SharesApi): its snapshot (under both
 * spellings), the list, create (of an asset or several), update, delete
 * (answering the deleted id) and score increment.
 *
 * @example
 * routeTable() // holds these
 */
export const sharesOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'shareSnapshot',
    paths: ['/share/:share'],
    param: 'share',
    kind: 'share',
    gone: 'Share not found.',
  }),
  snapshotOperation({
    id: 'sharesSpecificShareSnapshot',
    paths: ['/shares/:share'],
    param: 'share',
    kind: 'share',
    gone: 'Share not found.',
  }),
  listOperation({ id: 'sharesSnapshot', path: '/shares', kind: 'share', indices: false }),
  defineOperation({
    id: 'sharesCreateNewShare',
    method: 'POST',
    paths: ['/shares/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededShare')
      // The asset shared is read by its id from the store: a client sends it whole.
      const seed = parseBody(seededShareInput, context.request.body, 'SeededShare', ['asset'])
      const wire = wireContext(context)
      const share = await context.store.write((tx) => createShare(tx, seed))
      return json({ iterable: [wire.render('share', share)] })
    },
  }),
  updateOperation({
    id: 'shareUpdate',
    path: '/share/update',
    kind: 'share',
    model: 'Share',
    input: shareUpdateInput,
    apply(draft, input) {
      draft.access = input.access
      if (input.name !== undefined) draft.name = input.name
    },
  }),
  defineOperation({
    id: 'sharesDeleteShare',
    method: 'POST',
    paths: ['/shares/:share/delete'],
    params: { share: 'share' },
    body: 'none',
    async run(context) {
      const id = pathId(context, 'share')
      await context.store.write((tx) => tx.remove('share', id))
      return text(id)
    },
  }),
  scoresIncrementOperation({
    id: 'shareScoresIncrement',
    paths: ['/share/:share/scores/increment'],
    param: 'share',
    kind: 'share',
    keys: ['share', 'shares'],
  }),
]

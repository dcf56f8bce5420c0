import { createAnchorPoint } from '../../domain/asset-detail-writes.js'
import { anchorPointUpdateInput, seededAnchorPointInput } from '../../domain/inputs/asset-detail-inputs.js'
import { MockServiceError } from '../../errors.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { listOperation } from './list-operation.js'

/**
 * The anchor point's routes (AnchorPointApi and AnchorPointsApi): its
 * snapshot, the list, create (on an anchor), update, delete and score
 * increment. A point stays on the anchor it was made for.
 *
 * @example
 * routeTable() // holds these
 */
export const anchorPointsOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'anchorPointSpecificAnchorPointSnapshot',
    paths: ['/anchor_point/:anchor_point'],
    param: 'anchor_point',
    kind: 'anchorPoint',
    gone: 'AnchorPoint not found.',
  }),
  listOperation({ id: 'anchorPointsSnapshot', path: '/anchor_points', kind: 'anchorPoint', indices: true }),
  defineOperation({
    id: 'anchorPointsCreateNewAnchorPoint',
    method: 'POST',
    paths: ['/anchor_points/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededAnchorPoint')
      const seed = parseBody(seededAnchorPointInput, context.request.body, 'SeededAnchorPoint')
      const wire = wireContext(context)
      const point = await context.store.write((tx) => createAnchorPoint(tx, seed))
      return json(wire.render('anchorPoint', point))
    },
  }),
  defineOperation({
    id: 'anchorPointUpdate',
    method: 'POST',
    paths: ['/anchor_point/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'AnchorPoint')
      const input = parseBody(anchorPointUpdateInput, context.request.body, 'AnchorPoint')
      const wire = wireContext(context)
      const point = await context.store.write((tx) =>
        tx.update('anchorPoint', input.id, (draft) => {
          if (input.anchor.id !== draft.anchor) {
            throw new MockServiceError(
              'INVALID_REQUEST',
              `Invalid AnchorPoint body: the point "${input.id}" is on the anchor "${draft.anchor}", not "${input.anchor.id}"; a point cannot move.`,
            )
          }
          draft.fullpath = input.fullpath
          if (input.verified !== undefined) draft.verified = input.verified
          if (input.platform !== undefined) draft.platform = input.platform
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('anchorPoint', point))
    },
  }),
  deleteOperation({
    id: 'anchorPointsDeleteSpecificAnchorPoint',
    paths: ['/anchor_points/:anchor_point/delete'],
    param: 'anchor_point',
    kind: 'anchorPoint',
  }),
  scoresIncrementOperation({
    id: 'anchorPointScoresIncrement',
    paths: ['/anchor_point/:anchor_point/scores/increment'],
    param: 'anchor_point',
    kind: 'anchorPoint',
    keys: ['anchorPoint', 'anchorPoints'],
  }),
]

import { createOperation, updateOperation } from '../define/write-operations.js'
import { createAnchorPoint } from '../../domain/asset-detail-writes.js'
import { anchorPointUpdateInput, seededAnchorPointInput } from '../../domain/inputs/asset-detail-inputs.js'
import { MockServiceError } from '../../errors.js'
import type { Operation } from '../define/define-operation.js'
import { deleteOperation, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
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
  createOperation({
    id: 'anchorPointsCreateNewAnchorPoint',
    path: '/anchor_points/create',
    kind: 'anchorPoint',
    model: 'SeededAnchorPoint',
    input: seededAnchorPointInput,
    create: createAnchorPoint,
  }),
  updateOperation({
    id: 'anchorPointUpdate',
    path: '/anchor_point/update',
    kind: 'anchorPoint',
    model: 'AnchorPoint',
    input: anchorPointUpdateInput,
    apply(draft, input) {
      if (input.anchor.id !== draft.anchor) {
        throw new MockServiceError(
          'INVALID_REQUEST',
          `Invalid AnchorPoint body: the point "${input.id}" is on the anchor "${draft.anchor}", not "${input.anchor.id}"; a point cannot move.`,
        )
      }
      draft.fullpath = input.fullpath
      if (input.verified !== undefined) draft.verified = input.verified
      if (input.platform !== undefined) draft.platform = input.platform
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

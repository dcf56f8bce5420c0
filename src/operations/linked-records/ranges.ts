import { createRange } from '../../domain/record-writes.js'
import { seededRangeInput } from '../../domain/inputs/record-seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { rangeUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { parseBody } from '../define/request-input.js'

/**
 * The range's own routes (RangeApi and RangesApi): its snapshot, create,
 * update, delete and score increment. `GET /ranges` is in the linked-record lists.
 *
 * @example
 * routeTable() // holds these
 */
export const rangesOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'rangesSpecificRangeSnapshot',
    paths: ['/range/:range'],
    param: 'range',
    kind: 'range',
    gone: 'Range not found.',
  }),
  defineOperation({
    id: 'rangesCreateNewRange',
    method: 'POST',
    paths: ['/ranges/create'],
    params: {},
    async run(context) {
      // Every field of a SeededRange is optional: no body is an open range.
      const seed = parseBody(seededRangeInput.optional(), context.request.body, 'SeededRange') ?? {}
      const wire = context.wire(true)
      const range = await context.store.write((tx) => createRange(tx, seed))
      return json(wire.render('range', range))
    },
  }),
  defineOperation({
    id: 'rangeUpdate',
    method: 'POST',
    paths: ['/range/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Range')
      const input = parseBody(rangeUpdateInput, context.request.body, 'Range')
      const wire = context.wire(true)
      const range = await context.store.write((tx) =>
        tx.update('range', input.id, (draft) => {
          if (input.from === null) delete draft.from
          else if (input.from) draft.from = input.from.value
          if (input.to === null) delete draft.to
          else if (input.to) draft.to = input.to.value
          if (input.between === null) delete draft.between
          else if (input.between !== undefined) draft.between = input.between
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('range', range))
    },
  }),
  deleteOperation({ id: 'rangesDeleteSpecificRange', paths: ['/ranges/:range/delete'], param: 'range', kind: 'range' }),
  scoresIncrementOperation({
    id: 'rangeScoresIncrement',
    paths: ['/range/:range/scores/increment'],
    param: 'range',
    kind: 'range',
    keys: ['range', 'ranges'],
  }),
]

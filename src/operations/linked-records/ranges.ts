import { assignOptional, updateOperation } from '../define/write-operations.js'
import { createRange } from '../../domain/record-writes.js'
import { seededRangeInput } from '../../domain/inputs/record-seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
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
  updateOperation({
    id: 'rangeUpdate',
    path: '/range/update',
    kind: 'range',
    model: 'Range',
    input: rangeUpdateInput,
    apply(draft, input) {
      if (input.from === null) delete draft.from
      else if (input.from) draft.from = input.from.value
      if (input.to === null) delete draft.to
      else if (input.to) draft.to = input.to.value
      assignOptional(draft, 'between', input.between)
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

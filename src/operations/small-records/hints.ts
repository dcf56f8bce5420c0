import { createHint } from '../../domain/asset-detail-writes.js'
import { hintUpdateInput, seededHintInput } from '../../domain/inputs/asset-detail-inputs.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { searchOperation } from '../search/search-operation.js'
import { listOperation } from './list-operation.js'

/**
 * The hint's own routes (HintApi and HintsApi): its snapshot, the list,
 * create, update, delete, score increment and search.
 *
 * @example
 * routeTable() // holds these
 */
export const hintsOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'hintSpecificHintSnapshot',
    paths: ['/hint/:hint'],
    param: 'hint',
    kind: 'hint',
    gone: 'Hint not found.',
  }),
  listOperation({ id: 'hintsSnapshot', path: '/hints', kind: 'hint', indices: true }),
  defineOperation({
    id: 'hintsCreateNewHint',
    method: 'POST',
    paths: ['/hints/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededHint')
      const seed = parseBody(seededHintInput, context.request.body, 'SeededHint')
      const wire = wireContext(context)
      const hint = await context.store.write((tx) => createHint(tx, seed))
      return json(wire.render('hint', hint))
    },
  }),
  defineOperation({
    id: 'hintUpdate',
    method: 'POST',
    paths: ['/hint/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Hint')
      const input = parseBody(hintUpdateInput, context.request.body, 'Hint')
      const wire = wireContext(context)
      const hint = await context.store.write((tx) =>
        tx.update('hint', input.id, (draft) => {
          draft.text = input.text
          draft.type = input.type
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('hint', hint))
    },
  }),
  deleteOperation({ id: 'hintsDeleteSpecificHint', paths: ['/hints/:hint/delete'], param: 'hint', kind: 'hint' }),
  scoresIncrementOperation({
    id: 'hintScoresIncrement',
    paths: ['/hint/:hint/scores/increment'],
    param: 'hint',
    kind: 'hint',
    keys: ['hint', 'hints'],
  }),
  searchOperation({
    id: 'searchHints',
    paths: ['/hints/search'],
    kind: 'hint',
    key: 'hint',
    texts: (hint) => [hint.text],
  }),
]

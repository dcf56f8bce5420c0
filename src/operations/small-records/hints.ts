import { createOperation, updateOperation } from '../define/write-operations.js'
import { createHint } from '../../domain/asset-detail-writes.js'
import { hintUpdateInput, seededHintInput } from '../../domain/inputs/asset-detail-inputs.js'
import type { Operation } from '../define/define-operation.js'
import { deleteOperation, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
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
  createOperation({
    id: 'hintsCreateNewHint',
    path: '/hints/create',
    kind: 'hint',
    model: 'SeededHint',
    input: seededHintInput,
    create: createHint,
  }),
  updateOperation({
    id: 'hintUpdate',
    path: '/hint/update',
    kind: 'hint',
    model: 'Hint',
    input: hintUpdateInput,
    apply(draft, input) {
      draft.text = input.text
      draft.type = input.type
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

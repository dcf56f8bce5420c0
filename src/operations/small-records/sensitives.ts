import { createOperation, updateOperation } from '../define/write-operations.js'
import { createSensitive } from '../../domain/asset-detail-writes.js'
import { seededSensitiveInput, sensitiveUpdateInput } from '../../domain/inputs/asset-detail-inputs.js'
import { MockServiceError } from '../../errors.js'
import type { Operation } from '../define/define-operation.js'
import { deleteOperation, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { searchOperation } from '../search/search-operation.js'
import { listOperation } from './list-operation.js'

/**
 * The sensitive finding's routes (SensitiveApi and SensitivesApi): its
 * snapshot, the list, create (in an asset), update, delete, score increment
 * and search. A finding stays in the asset it was found in.
 *
 * @example
 * routeTable() // holds these
 */
export const sensitivesOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'sensitiveSnapshot',
    paths: ['/sensitive/:sensitive'],
    param: 'sensitive',
    kind: 'sensitive',
    gone: 'Sensitive not found.',
  }),
  listOperation({ id: 'sensitivesSnapshot', path: '/sensitives', kind: 'sensitive', indices: false }),
  createOperation({
    id: 'sensitivesCreateNewSensitive',
    path: '/sensitives/create',
    kind: 'sensitive',
    model: 'SeededSensitive',
    input: seededSensitiveInput,
    create: createSensitive,
  }),
  updateOperation({
    id: 'updateSensitive',
    path: '/sensitive/update',
    kind: 'sensitive',
    model: 'Sensitive',
    input: sensitiveUpdateInput,
    apply(draft, input) {
      if (input.asset.id !== draft.asset) {
        throw new MockServiceError(
          'INVALID_REQUEST',
          `Invalid Sensitive body: the finding "${input.id}" is in the asset "${draft.asset}", not "${input.asset.id}"; a finding cannot move.`,
        )
      }
      draft.text = input.text
      draft.mechanism = input.mechanism
      draft.category = input.category
      draft.severity = input.severity
      draft.name = input.name
      draft.description = input.description
      if (input.metadata !== undefined) draft.metadata = input.metadata
      if (input.interactions !== undefined) draft.interactions = input.interactions
    },
  }),
  deleteOperation({
    id: 'sensitivesDeleteSensitive',
    paths: ['/sensitives/:sensitive/delete'],
    param: 'sensitive',
    kind: 'sensitive',
  }),
  scoresIncrementOperation({
    id: 'sensitiveScoresIncrement',
    paths: ['/sensitive/:sensitive/scores/increment'],
    param: 'sensitive',
    kind: 'sensitive',
    keys: ['sensitive', 'sensitives'],
  }),
  searchOperation({
    id: 'searchSensitives',
    paths: ['/sensitives/search'],
    kind: 'sensitive',
    key: 'sensitive',
    texts: (sensitive) => [sensitive.name, sensitive.description, sensitive.text],
  }),
]

import { createSensitive } from '../../domain/asset-detail-writes.js'
import { seededSensitiveInput, sensitiveUpdateInput } from '../../domain/inputs/asset-detail-inputs.js'
import { MockServiceError } from '../../errors.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
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
  defineOperation({
    id: 'sensitivesCreateNewSensitive',
    method: 'POST',
    paths: ['/sensitives/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededSensitive')
      const seed = parseBody(seededSensitiveInput, context.request.body, 'SeededSensitive')
      const wire = wireContext(context)
      const sensitive = await context.store.write((tx) => createSensitive(tx, seed))
      return json(wire.render('sensitive', sensitive))
    },
  }),
  defineOperation({
    id: 'updateSensitive',
    method: 'POST',
    paths: ['/sensitive/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Sensitive')
      const input = parseBody(sensitiveUpdateInput, context.request.body, 'Sensitive')
      const wire = wireContext(context)
      const sensitive = await context.store.write((tx) =>
        tx.update('sensitive', input.id, (draft) => {
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
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('sensitive', sensitive))
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

import { createWorkstreamSummary } from '../../domain/record-writes.js'
import { seededWorkstreamSummaryInput } from '../../domain/inputs/record-seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { workstreamSummaryUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { searchOperation } from '../search/search-operation.js'

/**
 * The workstream summary's own routes (WorkstreamSummaryApi and
 * WorkstreamSummariesApi): its snapshot, create, update, delete, score
 * increment and search. `GET /workstream_summaries` is in the linked-record lists.
 *
 * @example
 * routeTable() // holds these
 */
export const workstreamSummariesOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'workstreamSummariesSpecificWorkstreamSummarySnapshot',
    paths: ['/workstream_summary/:workstream_summary'],
    param: 'workstream_summary',
    kind: 'workstreamSummary',
    gone: 'WorkstreamSummary not found.',
  }),
  defineOperation({
    id: 'workstreamSummariesCreateNewWorkstreamSummary',
    method: 'POST',
    paths: ['/workstream_summaries/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededWorkstreamSummary')
      const seed = parseBody(seededWorkstreamSummaryInput, context.request.body, 'SeededWorkstreamSummary')
      const wire = wireContext(context)
      const summary = await context.store.write((tx) => createWorkstreamSummary(tx, seed))
      return json(wire.render('workstreamSummary', summary))
    },
  }),
  defineOperation({
    id: 'workstreamSummaryUpdate',
    method: 'POST',
    paths: ['/workstream_summary/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'WorkstreamSummary')
      const input = parseBody(workstreamSummaryUpdateInput, context.request.body, 'WorkstreamSummary')
      const wire = wireContext(context)
      const summary = await context.store.write((tx) =>
        tx.update('workstreamSummary', input.id, (draft) => {
          draft.name = input.name
          if (input.favorited === null) delete draft.favorited
          else if (input.favorited !== undefined) draft.favorited = input.favorited
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('workstreamSummary', summary))
    },
  }),
  deleteOperation({
    id: 'workstreamSummariesDeleteSpecificWorkstreamSummary',
    paths: ['/workstream_summaries/:workstream_summary/delete'],
    param: 'workstream_summary',
    kind: 'workstreamSummary',
  }),
  scoresIncrementOperation({
    id: 'workstreamSummaryScoresIncrement',
    paths: ['/workstream_summary/:workstream_summary/scores/increment'],
    param: 'workstream_summary',
    kind: 'workstreamSummary',
    keys: ['workstream_summary', 'workstream_summaries'],
  }),
  searchOperation({
    id: 'searchWorkstreamSummaries',
    paths: ['/workstream_summaries/search'],
    kind: 'workstreamSummary',
    key: 'summary',
    texts: (summary, context) => [
      summary.name,
      ...summary.annotations.map((id) => context.store.get('annotation', id)?.text),
    ],
  }),
]

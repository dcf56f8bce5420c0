import { assignOptional, createOperation, updateOperation } from '../define/write-operations.js'
import { createWorkstreamSummary } from '../../domain/record-writes.js'
import { seededWorkstreamSummaryInput } from '../../domain/inputs/record-seeds.js'
import type { Operation } from '../define/define-operation.js'
import { deleteOperation, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { workstreamSummaryUpdateInput } from '../../domain/inputs/record-update-inputs.js'
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
  createOperation({
    id: 'workstreamSummariesCreateNewWorkstreamSummary',
    path: '/workstream_summaries/create',
    kind: 'workstreamSummary',
    model: 'SeededWorkstreamSummary',
    input: seededWorkstreamSummaryInput,
    create: createWorkstreamSummary,
  }),
  updateOperation({
    id: 'workstreamSummaryUpdate',
    path: '/workstream_summary/update',
    kind: 'workstreamSummary',
    model: 'WorkstreamSummary',
    input: workstreamSummaryUpdateInput,
    apply(draft, input) {
      draft.name = input.name
      assignOptional(draft, 'favorited', input.favorited)
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

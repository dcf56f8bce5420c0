import { assignOptional, createOperation, updateOperation } from '../define/write-operations.js'
import { createWorkstreamEvent } from '../../domain/workstream-event-writes.js'
import { seededWorkstreamEventInput } from '../../domain/inputs/record-seeds.js'
import { workstreamEventUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import type { Operation } from '../define/define-operation.js'
import { deleteOperation, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'

/**
 * The workstream event's own routes (WorkstreamEventApi and
 * WorkstreamEventsApi): its snapshot, create, update, delete and score
 * increment. `GET /workstream_events` is in the linked-record lists, its
 * links in workstream-event-links.ts.
 *
 * @example
 * routeTable() // holds these
 */
export const workstreamEventsOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'workstreamEventsSpecificWorkstreamEventSnapshot',
    paths: ['/workstream_event/:workstream_event'],
    param: 'workstream_event',
    kind: 'workstreamEvent',
    gone: 'WorkstreamEvent not found.',
  }),
  createOperation({
    id: 'workstreamEventsCreateNewWorkstreamEvent',
    path: '/workstream_events/create',
    kind: 'workstreamEvent',
    model: 'SeededWorkstreamEvent',
    input: seededWorkstreamEventInput,
    create: createWorkstreamEvent,
  }),
  updateOperation({
    id: 'workstreamEventUpdate',
    path: '/workstream_event/update',
    kind: 'workstreamEvent',
    model: 'WorkstreamEvent',
    input: workstreamEventUpdateInput,
    apply(draft, input) {
      draft.application = input.application
      draft.trigger = input.trigger
      for (const field of ['readable', 'windowTitle', 'browserUrl'] as const) {
        const value = input[field]
        if (value === null) delete draft[field]
        else if (value !== undefined) draft[field] = value
      }
      assignOptional(draft, 'context', input.context)
    },
  }),
  deleteOperation({
    id: 'workstreamEventsDeleteSpecificWorkstreamEvent',
    paths: ['/workstream_events/:workstream_event/delete'],
    param: 'workstream_event',
    kind: 'workstreamEvent',
  }),
  scoresIncrementOperation({
    id: 'workstreamEventScoresIncrement',
    paths: ['/workstream_event/:workstream_event/scores/increment'],
    param: 'workstream_event',
    kind: 'workstreamEvent',
    keys: ['workstream_event', 'workstream_events'],
  }),
]

import { createWorkstreamEvent } from '../../domain/workstream-event-writes.js'
import { seededWorkstreamEventInput } from '../../domain/inputs/record-seeds.js'
import { workstreamEventUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'

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
  defineOperation({
    id: 'workstreamEventsCreateNewWorkstreamEvent',
    method: 'POST',
    paths: ['/workstream_events/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededWorkstreamEvent')
      const seed = parseBody(seededWorkstreamEventInput, context.request.body, 'SeededWorkstreamEvent')
      const wire = wireContext(context)
      const event = await context.store.write((tx) => createWorkstreamEvent(tx, seed))
      return json(wire.render('workstreamEvent', event))
    },
  }),
  defineOperation({
    id: 'workstreamEventUpdate',
    method: 'POST',
    paths: ['/workstream_event/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'WorkstreamEvent')
      const input = parseBody(workstreamEventUpdateInput, context.request.body, 'WorkstreamEvent')
      const wire = wireContext(context)
      const event = await context.store.write((tx) =>
        tx.update('workstreamEvent', input.id, (draft) => {
          draft.application = input.application
          draft.trigger = input.trigger
          for (const field of ['readable', 'windowTitle', 'browserUrl'] as const) {
            const value = input[field]
            if (value === null) delete draft[field]
            else if (value !== undefined) draft[field] = value
          }
          if (input.context === null) delete draft.context
          else if (input.context !== undefined) draft.context = input.context
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('workstreamEvent', event))
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

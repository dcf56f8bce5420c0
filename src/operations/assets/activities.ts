import { streamedList } from '../../wire/json/streamed-collection.js'
import { MockServiceError } from '../../errors.js'
import { createActivity } from '../../domain/record-writes.js'
import { seededActivityInput } from '../../domain/inputs/record-seeds.js'
import type { ActivityRecord } from '../../store/schemas/schemas.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, snapshotOperation } from '../define/record-routes.js'
import { activityUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { booleanQuery, parseBody, wireContext } from '../define/request-input.js'

const ACTIVITY_FILTERS = ['UNKNOWN', 'CREATED', 'UPDATED', 'DELETED', 'REFERENCED'] as const
type ActivityFilter = (typeof ACTIVITY_FILTERS)[number]

/** What an activity's event did, by the name of its identifier pair (`asset_created`, `asset_viewed`, …). */
function activityFilterOf(activity: ActivityRecord): ActivityFilter {
  for (const tracked of Object.values(activity.event)) {
    const pair = (tracked as { identifier_description_pair?: unknown } | null)?.identifier_description_pair
    if (typeof pair !== 'object' || pair === null) continue
    for (const name of Object.keys(pair)) {
      if (name.endsWith('_created')) return 'CREATED'
      if (name.endsWith('_deleted')) return 'DELETED'
      if (name.endsWith('_viewed') || name.endsWith('_referenced')) return 'REFERENCED'
      return 'UPDATED'
    }
  }
  return 'UNKNOWN'
}

/**
 * The activities' routes (ActivitiesApi and ActivityApi): the list, the
 * identifiers (filtered by what the activity did), one activity, create,
 * update and delete.
 *
 * @example
 * routeTable() // holds these
 */
export const activitiesOperations: readonly Operation[] = [
  defineOperation({
    id: 'activitiesSnapshot',
    method: 'GET',
    paths: ['/activities'],
    params: {},
    run(context) {
      booleanQuery(context.request.query, 'pseudo', false)
      const wire = wireContext(context)
      return json(streamedList([...context.store.all('activity')], (activity) => wire.render('activity', activity)))
    },
  }),
  defineOperation({
    id: 'activityIdentifiersSnapshot',
    method: 'GET',
    paths: ['/activity/identifiers'],
    params: {},
    run(context) {
      booleanQuery(context.request.query, 'pseudo', false)
      const requested = context.request.query.get('activity_filter_enum')
      const filter = requested === null || requested === '' ? 'UNKNOWN' : requested
      if (!(ACTIVITY_FILTERS as readonly string[]).includes(filter)) {
        throw new MockServiceError(
          'INVALID_REQUEST',
          `Invalid query parameter "activity_filter_enum": "${filter.slice(0, 40)}" is not one of ${ACTIVITY_FILTERS.join(', ')}.`,
        )
      }
      const iterable: Array<{ id: string }> = []
      for (const activity of context.store.all('activity')) {
        if (filter === 'UNKNOWN' || activityFilterOf(activity) === filter) iterable.push({ id: activity.id })
      }
      return json({ iterable })
    },
  }),
  snapshotOperation({
    id: 'activitiesSpecificActivitySnapshot',
    paths: ['/activity/:activity'],
    param: 'activity',
    kind: 'activity',
    gone: 'Activity was not found.',
  }),
  defineOperation({
    id: 'activitiesCreateNewActivity',
    method: 'POST',
    paths: ['/activities/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededActivity')
      const seed = parseBody(seededActivityInput, context.request.body, 'SeededActivity')
      const wire = wireContext(context)
      const activity = await context.store.write((tx) => createActivity(tx, seed))
      return json(wire.render('activity', activity))
    },
  }),
  defineOperation({
    id: 'activityUpdate',
    method: 'POST',
    paths: ['/activity/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Activity')
      const input = parseBody(activityUpdateInput, context.request.body, 'Activity')
      const wire = wireContext(context)
      const activity = await context.store.write((tx) =>
        tx.update('activity', input.id, (draft) => {
          draft.event = input.event
          draft.application = input.application
          draft.mechanism = input.mechanism
          if (input.rank === null) delete draft.rank
          else if (input.rank !== undefined) draft.rank = input.rank
        }),
      )
      return json(wire.render('activity', activity))
    },
  }),
  deleteOperation({
    id: 'activitiesDeleteSpecificActivity',
    paths: ['/activities/:activity/delete'],
    param: 'activity',
    kind: 'activity',
  }),
]

import type { WorkstreamEvent, WorkstreamEventContext, WorkstreamEventTrigger } from '@pieces.app/pieces-os-client'
import { cloneRecord } from '../../store/schemas/parse-record.js'
import type { WorkstreamEventRecord } from '../../store/schemas/schemas.js'
import { toScore } from './conversation.js'
import { linkedLists } from '../flattened.js'
import { sourcesOf, sourceWindowsOf } from './source-records.js'
import type { Wire, WireContext } from '../wire-types.js'

/** The link lists of a workstream event, each a flattened collection under the same key on the wire. */
const EVENT_LINKS = ['summaries', 'tags', 'websites', 'messages', 'annotations', 'anchors', 'persons'] as const

/**
 * A stored workstream event as the wire WorkstreamEvent: its application,
 * trigger and context as they were given, its links as references with `indices`.
 *
 * @example
 * wire.render('workstreamEvent', store.get('workstreamEvent', id)!)
 */
export function buildWorkstreamEvent(record: WorkstreamEventRecord, context: WireContext): Wire<WorkstreamEvent> {
  const event: Wire<WorkstreamEvent> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    application: cloneRecord(record.application) as Wire<WorkstreamEvent>['application'],
    // Kept under its wire keys (`check_in`, `file_open`, …), as the client reads them.
    trigger: { ...record.trigger } as unknown as Wire<WorkstreamEventTrigger>,
    score: toScore(record.score),
    ...linkedLists(context, 'workstreamEvent', record, EVENT_LINKS),
    ...sourcesOf(context, 'workstreamEvent', record),
    ...sourceWindowsOf(context, 'workstreamEvent', record),
  }
  if (record.context) event.context = cloneRecord(record.context) as Wire<WorkstreamEventContext>
  if (record.readable !== undefined) event.readable = record.readable
  if (record.windowTitle !== undefined) event.windowTitle = record.windowTitle
  if (record.browserUrl !== undefined) event.browserUrl = record.browserUrl
  return event
}

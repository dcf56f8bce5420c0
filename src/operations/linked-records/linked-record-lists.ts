import type { Operation } from '../define/define-operation.js'
import { listOperation } from '../define/record-routes.js'

/**
 * Snapshots of the records conversations and assets link to: `/tags`,
 * `/websites`, `/anchors`, `/ranges`, `/workstream_summaries`, `/persons`
 * and `/workstream_events`.
 *
 * @example
 * routeTable() // holds these
 */
export const linkedRecordListsOperations: readonly Operation[] = [
  listOperation('tagsSnapshot', '/tags', 'tag'),
  listOperation('websitesSnapshot', '/websites', 'website'),
  listOperation('anchorsSnapshot', '/anchors', 'anchor'),
  listOperation('rangesSnapshot', '/ranges', 'range'),
  listOperation('workstreamSummariesSnapshot', '/workstream_summaries', 'workstreamSummary'),
  listOperation('personsSnapshot', '/persons', 'person'),
  listOperation('workstreamEventsSnapshot', '/workstream_events', 'workstreamEvent'),
]

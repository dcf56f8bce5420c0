import type { RecordKind } from '../../store/schemas/schemas.js'
import type { SerializerName } from '../../wire/wire-types.js'
import { collectionOf } from '../../wire/flattened.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { wireContext } from '../define/request-input.js'
import { mostRecentFirst } from '../../store/most-recent-first.js'

function listOperation(id: string, path: string, kind: RecordKind & SerializerName): Operation {
  return defineOperation({
    id,
    method: 'GET',
    paths: [path],
    params: {},
    run(context) {
      const wire = wireContext(context)
      return json(
        collectionOf(mostRecentFirst(context.store.all(kind)), (record) => wire.render(kind, record as never)),
      )
    },
  })
}

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

import type { RecordKind } from '../../store/schemas/schemas.js'
import type { SerializerName } from '../../wire/wire-types.js'
import { streamedRecords } from '../../wire/streamed-collection.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { wireContext } from '../define/request-input.js'
import { mostRecentFirstInTurns } from '../../store/most-recent-first.js'

function listOperation(id: string, path: string, kind: RecordKind & SerializerName): Operation {
  return defineOperation({
    id,
    method: 'GET',
    paths: [path],
    params: {},
    async run(context) {
      const wire = wireContext(context)
      return json(
        streamedRecords(await mostRecentFirstInTurns(context.store.all(kind)), (record) =>
          wire.render(kind, record as never),
        ),
      )
    },
  })
}

/**
 * Snapshots of the records conversations and assets link to: `/tags`,
 * `/websites`, `/anchors`, `/ranges` and `/workstream_summaries`.
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
]

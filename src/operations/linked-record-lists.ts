import { defineOperation, json, type Operation } from './define-operation.js'
import { wireContext } from './request-input.js'
import type { RecordKind, RecordOf } from '../store/schemas.js'
import { collectionOf } from '../wire/flattened.js'
import { toAnchor, toRange, toTag, toWebsite, toWorkstreamSummary } from '../wire/linked-records.js'
import type { WireContext } from '../wire/wire-types.js'

function listOperation<K extends RecordKind>(
  id: string,
  path: string,
  kind: K,
  serialize: (record: RecordOf<K>, context: WireContext) => { id: string },
): Operation {
  return defineOperation({
    id,
    method: 'GET',
    paths: [path],
    run(context) {
      const wire = wireContext(context)
      return json(collectionOf(context.store.all(kind), (record) => serialize(record, wire)))
    },
  })
}

/**
 * Snapshots of the records conversations and assets link to: `/tags`,
 * `/websites`, `/anchors`, `/ranges` and `/workstream_summaries`.
 *
 * @example
 * createMswHandlers(linkedRecordListsOperations, service)
 */
export const linkedRecordListsOperations: readonly Operation[] = [
  listOperation('tagsSnapshot', '/tags', 'tag', toTag),
  listOperation('websitesSnapshot', '/websites', 'website', toWebsite),
  listOperation('anchorsSnapshot', '/anchors', 'anchor', toAnchor),
  listOperation('rangesSnapshot', '/ranges', 'range', toRange),
  listOperation('workstreamSummariesSnapshot', '/workstream_summaries', 'workstreamSummary', toWorkstreamSummary),
]

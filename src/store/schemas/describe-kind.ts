import { RECORD_KIND_DECLARATIONS, type RecordKind } from '../kinds/record-kinds.js'

/**
 * The human name of a record kind, for messages, as the kind declares it.
 *
 * @example
 * describeKind('workstreamSummary') // 'workstream summary'
 */
export function describeKind(kind: RecordKind): string {
  return RECORD_KIND_DECLARATIONS[kind].name
}

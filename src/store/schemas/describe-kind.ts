import type { RecordKind } from './schemas.js'

const KIND_NAMES: Record<RecordKind, string> = {
  conversation: 'conversation',
  message: 'message',
  annotation: 'annotation',
  asset: 'asset',
  format: 'format',
  activity: 'activity',
  tag: 'tag',
  website: 'website',
  anchor: 'anchor',
  workstreamSummary: 'workstream summary',
  range: 'range',
  application: 'application',
  model: 'model',
  user: 'user',
}

/**
 * The human name of a record kind, for messages.
 *
 * @example
 * describeKind('workstreamSummary') // 'workstream summary'
 */
export function describeKind(kind: RecordKind): string {
  return KIND_NAMES[kind]
}

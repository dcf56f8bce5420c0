import { RECORD_KIND_DECLARATIONS } from '../../store/kinds/record-kinds.js'
import type { RecordKind, RecordOf } from '../../store/schemas/schemas.js'

/**
 * What a record is read by in the inspector: its name, text, URL or path, as its kind declares it.
 *
 * @example
 * recordLabel('tag', store.get('tag', id)!) // 'react'
 */
export function recordLabel(kind: RecordKind, record: RecordOf<RecordKind>): string {
  const label = RECORD_KIND_DECLARATIONS[kind].label as (record: RecordOf<RecordKind>) => string
  return label(record)
}

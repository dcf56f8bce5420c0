import type { RecordSet, StoreSnapshot, StoreTombstones } from './record-set.js'
import { RECORD_KINDS } from './schemas/schemas.js'
import type { StoreState } from './store-state.js'
import { markValidated } from './schemas/validated-records.js'

/** Every record and tombstone of a state as they are now; cheap, since records are never edited in place. */
export function snapshotOf(state: StoreState): StoreSnapshot {
  const records: Record<string, readonly unknown[]> = {}
  const gone: Record<string, string[]> = {}
  for (const kind of RECORD_KINDS) {
    records[kind] = markValidated([...state.index[kind].values()])
    gone[kind] = [...state.tombstones[kind]]
  }
  return { records: records as RecordSet, gone: gone as StoreTombstones }
}

import type { RecordKind, RecordOf } from './schemas/schemas.js'

/** Every record of a store, by kind: the shape of fixtures and snapshots. */
export type RecordSet = { [K in RecordKind]?: ReadonlyArray<RecordOf<K>> }

/** The ids of deleted records, by kind. */
export type StoreTombstones = { [K in RecordKind]?: readonly string[] }

/** A store's whole state at one moment, for `replaceAll()` to bring back. */
export interface StoreSnapshot {
  readonly records: RecordSet
  readonly gone: StoreTombstones
}

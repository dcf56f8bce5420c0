import type { StoreSnapshot } from '../store/create-store.js'
import type { RecordKind } from '../store/schemas.js'

/** A snapshot taken by id, as the control API and the inspector list it. */
export interface SnapshotInfo {
  readonly id: string
  /** When it was taken, by the mock's clock (ISO-8601). */
  readonly at: string
  /** How many records of each kind it holds. */
  readonly counts: Readonly<Partial<Record<RecordKind, number>>>
}

/** Snapshots kept by id, for clients that cannot hold the snapshot object itself. */
export interface NamedSnapshots {
  take(): SnapshotInfo
  /** Brings a snapshot back; false for an id that is not kept. */
  restore(id: string): Promise<boolean>
  /** The snapshots kept, oldest first. */
  list(): SnapshotInfo[]
}

/** The most snapshots kept by id; taking one more lets the oldest go. */
const NAMED_SNAPSHOT_LIMIT = 64

/**
 * Keeps snapshots by id (`snapshot-1`, `snapshot-2`, …) for the control API
 * and the inspector: the newest 64 of them.
 *
 * @example
 * const snapshots = createNamedSnapshots({ snapshot: () => service.snapshot(), restore: (s) => service.restore(s), now: () => new Date() })
 * const { id } = snapshots.take()
 * await snapshots.restore(id)
 */
export function createNamedSnapshots(target: {
  snapshot(): StoreSnapshot
  restore(snapshot: StoreSnapshot): Promise<void>
  now(): Date
}): NamedSnapshots {
  const kept = new Map<string, { info: SnapshotInfo; snapshot: StoreSnapshot }>()
  let counter = 0
  return {
    take() {
      const snapshot = target.snapshot()
      const counts = Object.fromEntries(
        Object.entries(snapshot.records).map(([kind, records]) => [kind, records?.length ?? 0]),
      )
      const info: SnapshotInfo = { id: `snapshot-${++counter}`, at: target.now().toISOString(), counts }
      kept.set(info.id, { info, snapshot })
      if (kept.size > NAMED_SNAPSHOT_LIMIT) kept.delete(kept.keys().next().value!)
      return info
    },
    async restore(id) {
      const found = kept.get(id)
      if (!found) return false
      await target.restore(found.snapshot)
      return true
    },
    list: () => [...kept.values()].map(({ info }) => info),
  }
}

import { invariant } from 'outvariant'
import type { StoreSnapshot } from '../../store/create-store.js'
import type { RecordKind } from '../../store/schemas/schemas.js'
import type { ByteBudget } from '../budget/control-budget.js'

/** A snapshot taken by id, as the control API and the inspector list it. */
export interface SnapshotInfo {
  readonly id: string
  /** The name it was given when taken, if any. */
  readonly name?: string
  /** When it was taken, by the mock's clock (ISO-8601). */
  readonly at: string
  /** How many records of each kind it holds. */
  readonly counts: Readonly<Partial<Record<RecordKind, number>>>
}

/** Snapshots kept by id, for clients that cannot hold the snapshot object itself. */
export interface NamedSnapshots {
  /** Takes a snapshot, named if given a name (1 to 80 characters); the oldest ones are let go past 64 snapshots or the byte limit. */
  take(name?: string): SnapshotInfo
  /** Brings a snapshot back; false for an id that is not kept. */
  restore(id: string): Promise<boolean>
  /** Lets a snapshot go; false for an id that is not kept. */
  delete(id: string): boolean
  /** The snapshots kept, oldest first. */
  list(): SnapshotInfo[]
  /** A kept snapshot's records and tombstones; undefined for an id that is not kept. */
  get(id: string): StoreSnapshot | undefined
  /**
   * About how many bytes the kept snapshots hold together: each record
   * counted once (as JSON), however many snapshots hold it, and each
   * snapshot's own lists of records and tombstones.
   */
  readonly bytes: number
}

/** How many snapshots are kept, and in how many bytes. */
export interface NamedSnapshotOptions {
  /** The most snapshots kept (default 64). */
  limit?: number
  /** The most bytes they hold together (default 256 MiB); the newest is kept whatever its size. */
  bytes?: number
  /**
   * The budget they count against with those of other mocks (the control
   * plane's): a snapshot that does not fit is refused (STORE_FULL, 507) and
   * none is let go.
   */
  budget?: ByteBudget
}

/** The most snapshots kept by id; taking one more lets the oldest go. */
const NAMED_SNAPSHOT_LIMIT = 64
/** The most bytes they hold together. */
const NAMED_SNAPSHOT_BYTES = 256 * 1024 * 1024
/** The longest name a snapshot can be given. */
const NAME_LIMIT = 80
/** What one reference in a snapshot's lists costs. */
const REFERENCE_BYTES = 8

interface Kept {
  readonly info: SnapshotInfo
  readonly snapshot: StoreSnapshot
  /** The bytes of its own lists (references and tombstone ids). */
  readonly own: number
}

/**
 * Keeps snapshots by id (`snapshot-1`, `snapshot-2`, …) for the control API
 * and the inspector: the newest 64 of them, within 256 MiB. Records are
 * shared between snapshots and the store (they are never edited in place),
 * so a record held by many snapshots counts once, and measuring a snapshot
 * serializes only the records no kept snapshot held before. A reset keeps
 * them; `delete` lets one go.
 *
 * @example
 * const snapshots = createNamedSnapshots({ snapshot: () => service.snapshot(), restore: (s) => service.restore(s), now: () => new Date() })
 * const { id } = snapshots.take()
 * await snapshots.restore(id)
 * snapshots.delete(id)
 */
export function createNamedSnapshots(
  target: {
    snapshot(): StoreSnapshot
    restore(snapshot: StoreSnapshot): Promise<void>
    now(): Date
  },
  {
    limit = NAMED_SNAPSHOT_LIMIT,
    bytes: byteLimit = NAMED_SNAPSHOT_BYTES,
    budget = { admit() {}, charge() {} },
  }: NamedSnapshotOptions = {},
): NamedSnapshots {
  invariant(
    Number.isSafeInteger(limit) && limit >= 1 && Number.isSafeInteger(byteLimit) && byteLimit >= 0,
    'Failed to keep snapshots: limit %s and bytes %s must be whole numbers, the limit 1 or more. Pass e.g. { limit: 64, bytes: 268435456 }.',
    limit,
    byteLimit,
  )
  const kept = new Map<string, Kept>()
  const shared = createSharedRecords()
  let counter = 0
  /** The bytes the kept snapshots hold of their own (see ownBytes). */
  let own = 0
  const bytes = () => shared.bytes + own

  function remove(id: string): boolean {
    const found = kept.get(id)
    if (!found) return false
    const before = bytes()
    kept.delete(id)
    shared.hold(found.snapshot, -1)
    own -= found.own
    budget.charge(bytes() - before)
    return true
  }

  return {
    take(name) {
      const named = checkedName(name)
      const snapshot = target.snapshot()
      const before = bytes()
      const snapshotOwn = ownBytes(snapshot)
      shared.hold(snapshot, 1)
      const added = bytes() + snapshotOwn - before
      try {
        budget.admit(added)
      } catch (error) {
        shared.hold(snapshot, -1)
        throw error
      }
      const info: SnapshotInfo = {
        id: `snapshot-${++counter}`,
        ...(named !== undefined && { name: named }),
        at: target.now().toISOString(),
        counts: countsOf(snapshot),
      }
      kept.set(info.id, { info, snapshot, own: snapshotOwn })
      own += snapshotOwn
      budget.charge(added)
      while (kept.size > limit || (kept.size > 1 && bytes() > byteLimit)) remove(kept.keys().next().value!)
      return info
    },
    async restore(id) {
      const found = kept.get(id)
      if (!found) return false
      await target.restore(found.snapshot)
      return true
    },
    delete: remove,
    list: () => [...kept.values()].map(({ info }) => info),
    get: (id) => kept.get(id)?.snapshot,
    get bytes() {
      return bytes()
    },
  }
}

/** How many records of each kind a snapshot holds. */
function countsOf(snapshot: StoreSnapshot): Record<string, number> {
  return Object.fromEntries(Object.entries(snapshot.records).map(([kind, records]) => [kind, records?.length ?? 0]))
}

/** What a snapshot holds of its own: a reference per record, and the ids of the records gone. */
function ownBytes(snapshot: StoreSnapshot): number {
  let own = 0
  for (const records of Object.values(snapshot.records)) own += (records?.length ?? 0) * REFERENCE_BYTES
  for (const ids of Object.values(snapshot.gone)) for (const id of ids ?? []) own += REFERENCE_BYTES + id.length
  return own
}

/**
 * The records kept snapshots hold, each counted once however many hold it:
 * its size is measured once (records are never edited in place).
 */
function createSharedRecords(): { hold(snapshot: StoreSnapshot, change: 1 | -1): void; readonly bytes: number } {
  /** How many kept snapshots hold each record. */
  const holders = new Map<object, number>()
  const sizes = new WeakMap<object, number>()
  let bytes = 0
  function sizeOf(record: object): number {
    let size = sizes.get(record)
    if (size === undefined) sizes.set(record, (size = JSON.stringify(record).length))
    return size
  }
  return {
    hold(snapshot, change) {
      for (const records of Object.values(snapshot.records)) {
        for (const record of records ?? []) {
          const count = (holders.get(record) ?? 0) + change
          if (count === 0) {
            holders.delete(record)
            bytes -= sizeOf(record)
          } else {
            if (count === 1 && change === 1) bytes += sizeOf(record)
            holders.set(record, count)
          }
        }
      }
    },
    get bytes() {
      return bytes
    },
  }
}

/** A snapshot's name, trimmed; undefined for none. */
function checkedName(name: unknown): string | undefined {
  if (name === undefined || name === null) return undefined
  const trimmed = typeof name === 'string' ? name.trim() : ''
  invariant(
    trimmed.length > 0 && trimmed.length <= NAME_LIMIT,
    'Failed to take a snapshot: its name must be text of 1 to %s characters. Send { "name": "before the import" }, or no body for none.',
    NAME_LIMIT,
  )
  return trimmed
}

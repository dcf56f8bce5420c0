import type { LoggedChange } from '../change-log-format.js'
import type { RecordChange, Store, StoreEvent } from '../../store/create-store.js'

/** Committed writes that become durable, or fail, together. */
export interface CommitBatch {
  /** The writes in commit order: their changes, or 'replace' for a replacement of every record. */
  readonly writes: Array<readonly RecordChange[] | 'replace'>
  /** The sequence number of the last write. */
  last: number
  /** How many requests wait on this batch. */
  requests: number
  /** Called when a request joins the batch (set while a flush waits for the batch to fill). */
  joined: (() => void) | undefined
  /** Settles once the batch is on disk; rejects when it could not be put there. */
  readonly settled: Promise<void>
  resolve(): void
  reject(error: Error): void
}

/**
 * A new batch whose promise rejects without an unhandled rejection when no
 * request waits on it (a background write).
 *
 * @example
 * const batch = newBatch()
 */
export function newBatch(): CommitBatch {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const settled = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  settled.catch(() => undefined)
  return { writes: [], last: 0, requests: 0, joined: undefined, settled, resolve, reject }
}

/** How long a batch may wait for the writers of the group before it, at most (and never longer than one flush took). */
const MOST_GATHER_MS = 10

/**
 * Waits, before a batch is flushed, for the writers that shared the last
 * flush to come back with their next writes, so that a steady set of
 * writers shares one fsync instead of splitting into two groups that take
 * turns. The batch is sized by time and by writers: it goes once it holds
 * `writers` requests, or once it has waited as long as the last flush took
 * (at most 10 ms), whichever comes first. A batch that replaces every record,
 * or that already holds the writers expected (a lone writer: one), goes at
 * once, so a write nobody else shares pays no wait.
 *
 * @example
 * await gather(batch, lastWriters, lastFlushMs)
 */
export function gather(batch: CommitBatch, writers: number, lastFlushMs: number): Promise<void> | undefined {
  const windowMs = Math.min(lastFlushMs, MOST_GATHER_MS)
  if (batch.requests >= writers || windowMs <= 0 || replacesAll(batch)) return undefined
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      batch.joined = undefined
      resolve()
    }
    const timer = setTimeout(done, windowMs)
    batch.joined = () => {
      if (batch.requests >= writers || replacesAll(batch)) done()
    }
  })
}

/** True when a batch holds a replacement of every record (reset, restore, a scenario): it is saved as a whole state. */
export function replacesAll(batch: CommitBatch): boolean {
  return batch.writes.includes('replace')
}

/**
 * The changes a batch's log frame holds: each record it touched once, as the
 * store holds it now (the end of the batch), or `null` when it is gone.
 * Linear in the changes of the batch.
 *
 * @example
 * const frame = encodeLogFrame(batch.last, loggedChanges(batch, store))
 */
export function loggedChanges(batch: CommitBatch, store: Store): LoggedChange[] {
  const seen = new Set<string>()
  const changes: LoggedChange[] = []
  for (const write of batch.writes) {
    if (write === 'replace') continue
    for (const { kind, id } of write) {
      const key = `${kind}\u0000${id}`
      if (seen.has(key)) continue
      seen.add(key)
      changes.push([kind, id, store.get(kind, id) ?? null])
    }
  }
  return changes
}

/**
 * Takes back the writes of `batches` (oldest first) in the store, newest
 * first. False when one of them replaced every record: that cannot be
 * undone change by change, and the caller loads the saved state instead.
 *
 * @example
 * if (!undoBatches(store, [failed, pending])) await reloadSaved()
 */
export function undoBatches(store: Store, batches: readonly CommitBatch[]): boolean {
  if (batches.some(replacesAll)) return false
  const changes: RecordChange[] = []
  for (let b = batches.length - 1; b >= 0; b--) {
    const { writes } = batches[b]!
    for (let w = writes.length - 1; w >= 0; w--) {
      const write = writes[w] as readonly RecordChange[]
      for (let c = write.length - 1; c >= 0; c--) changes.push(write[c]!)
    }
  }
  store.undo(changes)
  return true
}

/**
 * The write a store event is, as a batch keeps it.
 *
 * @example
 * batch.writes.push(writeOf(event))
 */
export function writeOf(event: StoreEvent): readonly RecordChange[] | 'replace' {
  return event.type === 'replace' ? 'replace' : event.changes
}

import { MockServiceError } from '../../errors.js'
import type { Store } from '../../store/create-store.js'
import type { ChangeLog } from './change-log.js'
import type { DurableNotices } from './durable-notices.js'
import { undoBatches, type CommitBatch } from './group-commit.js'
import type { LogCompaction } from './log-compaction.js'
import { logSegments, readPersisted } from './state-file.js'

/** What the parts of durable saving share: the store, the log, and the batch being gathered. */
export interface Durable {
  readonly store: Store
  readonly file: string
  readonly log: ChangeLog
  readonly compaction: LogCompaction
  readonly notices: DurableNotices
  /** The batch gathering writes until the next flush takes it. */
  open: CommitBatch | undefined
  flushing: Promise<void> | undefined
  /** Set while the store takes writes back: those are not logged. */
  undoing: boolean
  /** The sequence number of the last write logged. */
  seq: number
  /** How many requests waited on the last flush and the batch that gathered during it: the next group to wait for. */
  writers: number
  /** How long the last flush took, in ms: the longest a batch waits for its group. */
  lastFlushMs: number
}

/**
 * Takes back batches that could not be put on disk, and every write after
 * them, and refuses them all (NOT_DURABLE, 507): the store goes back to
 * what is on disk.
 *
 * @example
 * await refuse(durable, [batch], new Error('ENOSPC: no space left on device'))
 */
export async function refuse(durable: Durable, failed: readonly CommitBatch[], error: Error): Promise<void> {
  const batches = durable.open ? [...failed, durable.open] : [...failed]
  durable.open = undefined
  durable.notices.saveFailed(error)
  durable.undoing = true
  const undone = undoBatches(durable.store, batches)
  durable.undoing = false
  if (!undone) {
    // Writes made while the saved state was read back are gone with the state it replaced.
    const wiped = await reloadSaved(durable)
    if (wiped) batches.push(wiped)
  }
  const refusal = notDurable(durable.file, error)
  for (const each of batches) each.reject(refusal)
}

/**
 * Brings back the state on disk (after a failed reset, restore or scenario
 * load); resolves with the batch of the writes made meanwhile, which the
 * state it brought back replaced.
 */
async function reloadSaved(durable: Durable): Promise<CommitBatch | undefined> {
  const disk = await readPersisted(durable.file, await logSegments(durable.file)).catch(() => undefined)
  durable.undoing = true
  const replaced = disk?.state && durable.store.replaceAll(disk.state.snapshot.records, disk.state.snapshot.gone)
  durable.undoing = false
  const wiped = replaced ? durable.open : undefined
  if (replaced) durable.open = undefined
  await replaced
  return wiped
}

/** The refusal of a write that could not be put on disk. */
function notDurable(file: string, error: Error): MockServiceError {
  const code = (error as NodeJS.ErrnoException).code
  const fix =
    code === 'EFBIG'
      ? 'raise the file-size limit (ulimit -f)'
      : code === 'ENOSPC'
        ? `free space on the disk of ${file}`
        : `check that ${file} and its directory can be written`
  return new MockServiceError(
    'NOT_DURABLE',
    `The write could not be saved in ${file} (${error.message}), so it was not applied. ${fix[0]!.toUpperCase()}${fix.slice(1)}, then send it again.`,
  )
}

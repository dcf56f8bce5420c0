import { AsyncLocalStorage } from 'node:async_hooks'
import type { PersistedService } from '../persisted-service.js'
import { MockServiceError } from '../../errors.js'
import { encodeLogFrame } from '../change-log-format.js'
import type { Store } from '../../store/create-store.js'
import { openChangeLog, type ChangeLog } from './change-log.js'
import { createDurableNotices, type DurableNotices } from './durable-notices.js'
import type { FilePersistence } from './file-persistence-handle.js'
import { loggedChanges, newBatch, replacesAll, undoBatches, writeOf, type CommitBatch } from './group-commit.js'
import { loadPersisted } from './load-persisted.js'
import { createLogCompaction, type LogCompaction } from './log-compaction.js'
import { logSegments, readPersisted } from './state-file.js'

export interface DurableOptions {
  /** Told, one line each, when saving starts failing (at most once a minute) and when it works again. */
  readonly warn: (line: string) => void
  /** The log is compacted into the state file once it holds this many bytes, or the state's size when larger (default 4 MiB). */
  readonly compactAtBytes?: number
}

/** The batches of writes a request committed, so its answer waits for them. */
interface RequestWrites {
  readonly batches: CommitBatch[]
}

/** What the parts of durable saving share: the store, the log, and the batch being gathered. */
interface Durable {
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
}

const DEFAULT_COMPACT_AT_BYTES = 4 * 1024 * 1024

/**
 * Keeps a service's records in `file` durably: each committed write is
 * appended to a log beside it (`FILE.log.<n>`, framed with its length and a
 * checksum) and flushed to disk before the request that made it is
 * answered. Writes that come while a flush runs share the next one (group
 * commit). The log is compacted into `file` in the background (a temporary
 * file, fsync, rename, fsync of the directory, then the old segments go). On
 * start the file is loaded and the log replayed.
 *
 * A write that cannot be put on disk (a full disk, a file-size limit) is
 * taken back, with every write after it not yet on disk, and the requests
 * that made them are refused with NOT_DURABLE (507); the file and the log
 * keep the last good state. A failure is said once through `warn` (again
 * only after a quiet minute), and so is the recovery.
 *
 * @example
 * const persistence = await persistDurably(service, '../../server/state.json', { warn: (line) => console.error(line) })
 * const answer = await persistence.settle(() => service.answer(route, request))
 */
export async function persistDurably(
  service: PersistedService,
  file: string,
  options: DurableOptions,
): Promise<FilePersistence> {
  const { store } = service
  const start = await loadPersisted(service, file, options.warn)
  const log = await openChangeLog(file, start.nextSegment, start.segments)
  const notices = createDurableNotices(file, options.warn)
  const compactAtBytes = options.compactAtBytes ?? DEFAULT_COMPACT_AT_BYTES
  const compaction = createLogCompaction({ file, log, notices, compactAtBytes, stateBytes: start.stateBytes })
  const durable: Durable = {
    store,
    file,
    log,
    compaction,
    notices,
    open: undefined,
    flushing: undefined,
    undoing: false,
    seq: start.seq,
  }
  const requests = new AsyncLocalStorage<RequestWrites>()

  const unsubscribe = store.subscribe((event) => {
    if (durable.undoing) return
    const batch = (durable.open ??= newBatch())
    batch.writes.push(writeOf(event))
    batch.last = ++durable.seq
    const writes = requests.getStore()
    if (writes && writes.batches.at(-1) !== batch) writes.batches.push(batch)
    durable.flushing ??= flushAll(durable)
  })

  return {
    async settle(work) {
      const writes: RequestWrites = { batches: [] }
      const result = await requests.run(writes, work)
      for (const batch of writes.batches) await batch.settled
      return result
    },
    flush: () => drain(durable),
    async stop() {
      unsubscribe()
      await drain(durable)
      // The state as saved: every write is on disk or was taken back. One file holds it all, and the log goes.
      try {
        await compaction.saveState(store.snapshot(), durable.seq, await log.rotate())
        await log.close()
        await log.removeThrough(Number.MAX_SAFE_INTEGER)
      } catch {
        await log.close()
      }
    },
  }
}

/** Resolves once no flush and no compaction runs. */
async function drain(durable: Durable): Promise<void> {
  while (durable.flushing || durable.compaction.running) {
    await durable.flushing
    await durable.compaction.running
  }
}

/**
 * Flushes batch after batch until no write waits; the first starts once the write that opened it returns.
 * It says it is done in the same turn as it finds no batch open: a write a turn later starts a new flush.
 */
async function flushAll(durable: Durable): Promise<void> {
  try {
    await Promise.resolve()
    while (durable.open) {
      const batch = durable.open
      durable.open = undefined
      await flushBatch(durable, batch)
    }
  } finally {
    durable.flushing = undefined
  }
}

/** Puts one batch on disk: a frame appended to the log, or the whole state when it replaced every record. */
async function flushBatch(durable: Durable, batch: CommitBatch): Promise<void> {
  const { store, log, compaction } = durable
  const whole = replacesAll(batch)
  const snapshot = whole || compaction.due() ? store.snapshot() : undefined
  try {
    if (whole) {
      await compaction.running
      await compaction.saveState(snapshot!, batch.last, await log.rotate().catch(() => undefined))
    } else {
      await log.append(encodeLogFrame(batch.last, loggedChanges(batch, store)))
    }
  } catch (error) {
    await refuse(durable, batch, error as Error)
    return
  }
  batch.resolve()
  durable.notices.saved()
  if (snapshot && !whole) await compaction.start(snapshot, batch.last)
}

/**
 * Takes back a batch that could not be put on disk, and every write after
 * it, and refuses them all: the store goes back to what is on disk.
 */
async function refuse(durable: Durable, batch: CommitBatch, error: Error): Promise<void> {
  const batches = durable.open ? [batch, durable.open] : [batch]
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

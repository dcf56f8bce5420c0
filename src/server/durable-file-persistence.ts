import { AsyncLocalStorage } from 'node:async_hooks'
import type { MockService } from '../core/create-mock-service.js'
import { MockServiceError } from '../errors.js'
import { encodeLogFrame } from '../persistence/change-log-format.js'
import type { StoreSnapshot } from '../store/create-store.js'
import { openChangeLog, type ChangeLog } from './change-log.js'
import type { FilePersistence } from './file-persistence.js'
import { loggedChanges, newBatch, replacesAll, undoBatches, writeOf, type CommitBatch } from './group-commit.js'
import { loadPersisted } from './load-persisted.js'
import { logSegments, readPersisted, writeStateFile } from './state-file.js'

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

const DEFAULT_COMPACT_AT_BYTES = 4 * 1024 * 1024
/** After a failure was said and the disk took writes again, a new failure is said only this long after it. */
const FAILURE_QUIET_MS = 60_000

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
 * const persistence = await persistDurably(service, './state.json', { warn: (line) => console.error(line) })
 * const answer = await persistence.settle(() => service.answer(route, request))
 */
export async function persistDurably(
  service: MockService,
  file: string,
  options: DurableOptions,
): Promise<FilePersistence> {
  const { store } = service
  const { warn } = options
  const start = await loadPersisted(service, file, warn)
  const temporary = `${file}.${process.pid}.tmp`
  let seq = start.seq
  let stateBytes = start.stateBytes
  const log: ChangeLog = await openChangeLog(file, start.nextSegment, start.segments)
  const requests = new AsyncLocalStorage<RequestWrites>()
  const compactAtBytes = options.compactAtBytes ?? DEFAULT_COMPACT_AT_BYTES

  let open: CommitBatch | undefined
  let flushing: Promise<void> | undefined
  let compaction: Promise<void> | undefined
  /** Set while the store takes writes back: those are not logged. */
  let undoing = false
  let failing = false
  /** The current failure was said through `warn` (its recovery is said too). */
  let failureSaid = false
  let lastFailureSaid = -Infinity
  let compactionFailing = false

  const unsubscribe = store.subscribe((event) => {
    if (undoing) return
    const batch = (open ??= newBatch())
    batch.writes.push(writeOf(event))
    batch.last = ++seq
    const writes = requests.getStore()
    if (writes && writes.batches.at(-1) !== batch) writes.batches.push(batch)
    flushing ??= flushAll()
  })

  /**
   * Flushes batch after batch until no write waits; the first starts once the write that opened it returns.
   * It says it is done in the same turn as it finds no batch open: a write a turn later starts a new flush.
   */
  async function flushAll(): Promise<void> {
    try {
      await Promise.resolve()
      while (open) {
        const batch = open
        open = undefined
        await flushBatch(batch)
      }
    } finally {
      flushing = undefined
    }
  }

  /** Puts one batch on disk: a frame appended to the log, or the whole state when it replaced every record. */
  async function flushBatch(batch: CommitBatch): Promise<void> {
    const whole = replacesAll(batch)
    const snapshot = whole || compactionDue() ? store.snapshot() : undefined
    try {
      if (whole) {
        await compaction
        await saveState(snapshot!, batch.last, await log.rotate().catch(() => undefined))
      } else {
        await log.append(encodeLogFrame(batch.last, loggedChanges(batch, store)))
      }
    } catch (error) {
      await refuse(batch, error as Error)
      return
    }
    batch.resolve()
    if (failing && failureSaid) warn(`conversation-asset-mock: writes are saved in ${file} again.`)
    failing = false
    failureSaid = false
    if (snapshot && !whole) await startCompaction(snapshot, batch.last)
  }

  function compactionDue(): boolean {
    return !compaction && !failing && log.segmentBytes >= Math.max(compactAtBytes, stateBytes)
  }

  /** Writes the state and removes the log segments it holds (those up to `sealed`). */
  async function saveState(snapshot: StoreSnapshot, last: number, sealed: number | undefined): Promise<void> {
    stateBytes = await writeStateFile(file, temporary, snapshot, last)
    if (sealed !== undefined) await log.removeThrough(sealed).catch(() => undefined)
  }

  /** Seals the segment being written and writes `snapshot` (the state as of `last`) in the background. */
  async function startCompaction(snapshot: StoreSnapshot, last: number): Promise<void> {
    let sealed: number
    try {
      sealed = await log.rotate()
    } catch {
      return // The log goes on in the same segment; the next compaction tries again.
    }
    compaction = saveState(snapshot, last, sealed).then(
      () => {
        if (compactionFailing) warn(`conversation-asset-mock: the log is compacted into ${file} again.`)
        compactionFailing = false
      },
      (error: Error) => {
        if (!compactionFailing) {
          warn(
            `conversation-asset-mock: Failed to compact the log into ${file}: ${error.message}. Every write stays in the log and ${file} keeps its last good state; free space on its disk.`,
          )
        }
        compactionFailing = true
      },
    )
    void compaction.finally(() => (compaction = undefined))
  }

  /**
   * Takes back a batch that could not be put on disk, and every write after
   * it, and refuses them all: the store goes back to what is on disk.
   */
  async function refuse(batch: CommitBatch, error: Error): Promise<void> {
    const batches = open ? [batch, open] : [batch]
    open = undefined
    // Said once; a disk near full may take a small batch between refusals, so again only after a quiet minute.
    if (!failing && performance.now() - lastFailureSaid >= FAILURE_QUIET_MS) {
      warn(
        `conversation-asset-mock: Failed to save writes in ${file}: ${error.message}. They are refused (507) and not applied until the disk takes them again; ${file} and its log keep the last good state.`,
      )
      lastFailureSaid = performance.now()
      failureSaid = true
    }
    failing = true
    undoing = true
    const undone = undoBatches(store, batches)
    undoing = false
    if (!undone) {
      // Writes made while the saved state was read back are gone with the state it replaced.
      const wiped = await reloadSaved()
      if (wiped) batches.push(wiped)
    }
    const refusal = notDurable(file, error)
    for (const each of batches) each.reject(refusal)
  }

  /**
   * Brings back the state on disk (after a failed reset, restore or scenario
   * load); resolves with the batch of the writes made meanwhile, which the
   * state it brought back replaced.
   */
  async function reloadSaved(): Promise<CommitBatch | undefined> {
    const disk = await readPersisted(file, await logSegments(file)).catch(() => undefined)
    undoing = true
    const replaced = disk?.state && store.replaceAll(disk.state.snapshot.records, disk.state.snapshot.gone)
    undoing = false
    const wiped = replaced ? open : undefined
    if (replaced) open = undefined
    await replaced
    return wiped
  }

  return {
    async settle(work) {
      const writes: RequestWrites = { batches: [] }
      const result = await requests.run(writes, work)
      for (const batch of writes.batches) await batch.settled
      return result
    },
    async flush() {
      while (flushing || compaction) {
        await flushing
        await compaction
      }
    },
    async stop() {
      unsubscribe()
      while (flushing || compaction) {
        await flushing
        await compaction
      }
      // The state as saved: every write is on disk or was taken back. One file holds it all, and the log goes.
      try {
        await saveState(store.snapshot(), seq, await log.rotate())
        await log.close()
        await log.removeThrough(Number.MAX_SAFE_INTEGER)
      } catch {
        await log.close()
      }
    },
  }
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

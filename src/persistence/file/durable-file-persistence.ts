import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { PersistedService } from '../persisted-service.js'
import { encodeLogFrame } from '../change-log-format.js'
import { openChangeLog } from './change-log.js'
import { createDurableNotices } from './durable-notices.js'
import type { FilePersistence } from './file-persistence-handle.js'
import { type Durable, refuse } from './durable-refusal.js'
import { gather, loggedChanges, newBatch, replacesAll, writeOf, type CommitBatch } from './group-commit.js'
import { loadPersisted } from './load-persisted.js'
import { createLogCompaction } from './log-compaction.js'

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
    writers: 1,
    lastFlushMs: 0,
  }
  const requests = new AsyncLocalStorage<RequestWrites>()

  const unsubscribe = store.subscribe((event) => {
    if (durable.undoing) return
    const batch = (durable.open ??= newBatch())
    batch.writes.push(writeOf(event))
    batch.last = ++durable.seq
    const writes = requests.getStore()
    if (writes && writes.batches.at(-1) !== batch) {
      writes.batches.push(batch)
      batch.requests++
    }
    batch.joined?.()
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
 * Each batch first gathers the writers of the flush before it (`gather`: by writers, within the time one
 * flush takes). It says it is done in the same turn as it finds no batch open: a write a turn later starts
 * a new flush.
 */
async function flushAll(durable: Durable): Promise<void> {
  try {
    await Promise.resolve()
    while (durable.open) {
      await gather(durable.open, durable.writers, durable.lastFlushMs)
      const batch = durable.open
      if (!batch) break
      durable.open = undefined
      const began = performance.now()
      await flushBatch(durable, batch)
      durable.lastFlushMs = performance.now() - began
      // The writers waiting now (this batch's, and those that came while it flushed) are the group to gather next.
      durable.writers = Math.max(1, batch.requests + waitingOn(durable))
    }
  } finally {
    durable.flushing = undefined
  }
}

/** How many requests wait on the batch gathering now. */
function waitingOn(durable: Durable): number {
  return durable.open?.requests ?? 0
}

/**
 * Puts one batch on disk: a frame appended to the log, or the whole state
 * when it replaced every record. A log whose file or directory is gone
 * would take the frame nowhere: the state is written anew instead.
 */
async function flushBatch(durable: Durable, batch: CommitBatch): Promise<void> {
  const { store, log, compaction } = durable
  const whole = replacesAll(batch)
  const snapshot = whole || compaction.due() ? store.snapshot() : undefined
  let failure: Error | undefined
  // Asked beside the append's write and fdatasync (a frame's flush and two stats at once, not one after the other).
  let detached: Promise<boolean> | undefined
  try {
    if (whole) {
      await compaction.running
      await compaction.saveState(snapshot!, batch.last, await log.rotate().catch(() => undefined))
    } else {
      const appended = log.append(encodeLogFrame(batch.last, loggedChanges(batch, store)))
      detached = log.detached()
      await appended
    }
  } catch (error) {
    failure = error as Error
  }
  if (await (detached ?? log.detached())) return recreate(durable, batch)
  if (failure) return refuse(durable, [batch], failure)
  batch.resolve()
  durable.notices.saved()
  if (snapshot && !whole) await compaction.start(snapshot, batch.last)
}

/**
 * Writes the whole state anew where the removed log was (its directory
 * created again when it is gone), then goes on with the log in a new
 * segment beside it: `batch` and the writes gathered since are on disk in
 * the state file before they are answered. When the state cannot be
 * written they are refused as on a full disk.
 */
async function recreate(durable: Durable, batch: CommitBatch): Promise<void> {
  // The writes gathered meanwhile are in the snapshot: they are saved with it.
  const batches = durable.open ? [batch, durable.open] : [batch]
  durable.open = undefined
  const snapshot = durable.store.snapshot()
  const last = durable.seq
  try {
    await durable.compaction.running
    await mkdir(dirname(durable.file), { recursive: true })
    await durable.compaction.saveState(snapshot, last, undefined)
  } catch (error) {
    return refuse(durable, batches, error as Error)
  }
  // The old segments are gone with their directory; a new one fails only to be found detached at the next commit.
  const sealed = await durable.log.rotate().catch(() => undefined)
  if (sealed !== undefined) await durable.log.removeThrough(sealed).catch(() => undefined)
  durable.notices.recreated()
  for (const each of batches) each.resolve()
  durable.notices.saved()
}

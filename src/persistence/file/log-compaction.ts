import type { StoreSnapshot } from '../../store/create-store.js'
import type { ChangeLog } from './change-log.js'
import type { DurableNotices } from './durable-notices.js'
import { writeStateFile } from './state-file.js'

export interface LogCompactionOptions {
  readonly file: string
  readonly log: ChangeLog
  readonly notices: DurableNotices
  /** The log is compacted once it holds this many bytes, or the state file's size when larger. */
  readonly compactAtBytes: number
  /** The state file's size as loaded. */
  readonly stateBytes: number
}

/** Folds the change log into the state file: due by size, run in the background, one at a time. */
export interface LogCompaction {
  /** The compaction running now, if any. */
  readonly running: Promise<void> | undefined
  /** Whether the log has grown enough to be compacted, and none runs. */
  due(): boolean
  /** Writes `snapshot` (the state as of `last`) and removes the log segments up to `sealed`. */
  saveState(snapshot: StoreSnapshot, last: number, sealed: number | undefined): Promise<void>
  /** Seals the segment being written and writes `snapshot` in the background. */
  start(snapshot: StoreSnapshot, last: number): Promise<void>
}

/**
 * The compaction of a durable log into its state file (a temporary file,
 * fsync, rename, fsync of the directory, then the old segments go).
 *
 * @example
 * const compaction = createLogCompaction({ file, log, notices, compactAtBytes: 4 * 1024 * 1024, stateBytes: 0 })
 * if (compaction.due()) await compaction.start(store.snapshot(), seq)
 */
export function createLogCompaction(options: LogCompactionOptions): LogCompaction {
  const { file, log, notices, compactAtBytes } = options
  const temporary = `${file}.${process.pid}.tmp`
  let stateBytes = options.stateBytes
  let running: Promise<void> | undefined

  async function saveState(snapshot: StoreSnapshot, last: number, sealed: number | undefined): Promise<void> {
    stateBytes = await writeStateFile(file, temporary, snapshot, last)
    if (sealed !== undefined) await log.removeThrough(sealed).catch(() => undefined)
  }

  return {
    get running() {
      return running
    },
    due: () => !running && !notices.failing && log.segmentBytes >= Math.max(compactAtBytes, stateBytes),
    saveState,
    async start(snapshot, last) {
      let sealed: number
      try {
        sealed = await log.rotate()
      } catch {
        return // The log goes on in the same segment; the next compaction tries again.
      }
      running = saveState(snapshot, last, sealed).then(
        () => notices.compacted(),
        (error: Error) => notices.compactionFailed(error),
      )
      void running.finally(() => (running = undefined))
    },
  }
}

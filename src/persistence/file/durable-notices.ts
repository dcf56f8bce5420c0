/** After a failure was said and the disk took writes again, a new failure is said only this long after it. */
const FAILURE_QUIET_MS = 60_000

/** What durable saving tells its `warn`: a failure once (again after a quiet minute), and each recovery. */
export interface DurableNotices {
  /** Writes are being refused because the disk did not take them. */
  readonly failing: boolean
  /** A batch could not be put on disk; said unless said within the last minute. */
  saveFailed(error: Error): void
  /** A batch is on disk; says the recovery when the failure was said. */
  saved(): void
  /** The log's file or directory was removed, and the state written anew where it was; said each time. */
  recreated(): void
  /** A compaction failed; said once until one works again. */
  compactionFailed(error: Error): void
  /** A compaction worked; says the recovery when its failure was said. */
  compacted(): void
}

/**
 * The lines durable saving of `file` says through `warn`, at most one per change of state.
 *
 * @example
 * const notices = createDurableNotices('../../server/state.json', (line) => console.error(line))
 * notices.saveFailed(new Error('ENOSPC: no space left on device'))
 */
export function createDurableNotices(file: string, warn: (line: string) => void): DurableNotices {
  let failing = false
  /** The current failure was said (its recovery is said too). */
  let failureSaid = false
  let lastFailureSaid = -Infinity
  let compactionFailing = false
  return {
    get failing() {
      return failing
    },
    saveFailed(error) {
      // A disk near full may take a small batch between refusals, so said again only after a quiet minute.
      if (!failing && performance.now() - lastFailureSaid >= FAILURE_QUIET_MS) {
        warn(
          `conversation-asset-mock: Failed to save writes in ${file}: ${error.message}. They are refused (507) and not applied until the disk takes them again; ${file} and its log keep the last good state.`,
        )
        lastFailureSaid = performance.now()
        failureSaid = true
      }
      failing = true
    },
    saved() {
      if (failing && failureSaid) warn(`conversation-asset-mock: writes are saved in ${file} again.`)
      failing = false
      failureSaid = false
    },
    recreated() {
      warn(
        `conversation-asset-mock: the log of ${file} was removed (its file or its directory is gone); ${file} is written anew with every record, and the log goes on beside it.`,
      )
    },
    compactionFailed(error) {
      if (!compactionFailing) {
        warn(
          `conversation-asset-mock: Failed to compact the log into ${file}: ${error.message}. Every write stays in the log and ${file} keeps its last good state; free space on its disk.`,
        )
      }
      compactionFailing = true
    },
    compacted() {
      if (compactionFailing) warn(`conversation-asset-mock: the log is compacted into ${file} again.`)
      compactionFailing = false
    },
  }
}

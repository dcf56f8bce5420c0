import * as nodeFs from 'node:fs/promises'
import type { PersistedService } from '../persisted-service.js'
import { removeLeftovers } from './remove-leftovers.js'
import { reportSkipped } from './report-skipped.js'
import { logSegments, readPersisted, writeStateFile, type SegmentFile } from './state-file.js'

/** Where durable saving starts from, once the saved state is loaded. */
export interface PersistedStart {
  /** The sequence number of the last write the state on disk holds. */
  readonly seq: number
  /** The size of the state file. */
  readonly stateBytes: number
  /** The number of the log segment to write next. */
  readonly nextSegment: number
  /** Segments still needed: their writes are not in the state file yet (it could not be written at start). */
  readonly segments: readonly SegmentFile[]
}

/**
 * Loads `file` and replays its log into the service, then makes the file
 * hold everything: the records loaded (or the service's own, when there is
 * no file yet) are written to it and the replayed segments removed. A
 * damaged file loads what can be read, says what it skipped and is kept as
 * `FILE.damaged`; a version 1 file is rewritten in version 2. When
 * that write fails the segments are kept (said through `warn`), unless there
 * was no file at all: then nothing could be kept, and starting fails.
 *
 * @example
 * const start = await loadPersisted(service, '../../server/state.json', (line) => console.error(line))
 */
export async function loadPersisted(
  service: PersistedService,
  file: string,
  warn: (line: string) => void,
): Promise<PersistedStart> {
  await service.ready
  const found = await logSegments(file)
  const disk = await readPersisted(file, found)
  if (disk.state) await service.restore(disk.state.snapshot)
  for (const tail of disk.tails) {
    warn(`conversation-asset-mock: dropped the end of the log ${tail}: a write cut short, never acknowledged.`)
  }
  await reportSkipped(file, disk.skipped, warn)
  await removeLeftovers(nodeFs, file)
  const seq = disk.state?.seq ?? 0
  const nextSegment = (found.at(-1)?.number ?? 0) + 1
  // A damaged file is written anew with what could be read; an old version's, in this version.
  if (disk.state && found.length === 0 && disk.skipped.length === 0 && disk.current)
    return { seq, stateBytes: (await nodeFs.stat(file)).size, nextSegment, segments: [] }
  const stale = disk.state ? found : []
  // A log without its state file: the file was removed to start over, and the log goes with it.
  if (!disk.state) for (const segment of found) await nodeFs.rm(segment.path, { force: true })
  try {
    const stateBytes = await writeStateFile(file, `${file}.${process.pid}.tmp`, service.store.snapshot(), seq)
    for (const segment of stale) await nodeFs.rm(segment.path, { force: true })
    return { seq, stateBytes, nextSegment, segments: [] }
  } catch (error) {
    const problem = `${file} cannot be written (${(error as Error).message})`
    if (!disk.state)
      throw new Error(`Failed to start with --persist: ${problem}. Free space on its disk or pick another file.`)
    warn(`conversation-asset-mock: ${problem}; its log is kept and replayed at the next start.`)
    return { seq, stateBytes: (await nodeFs.stat(file)).size, nextSegment, segments: stale }
  }
}

import type { FileHandle } from 'node:fs/promises'
import { open, rm, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { SegmentFile } from './state-file.js'
import { syncDirectory, writeFully } from './write-fully.js'

/** The append-only log of a persisted file, in segments `FILE.log.<n>`. */
export interface ChangeLog {
  /** Bytes appended to the segment being written since it was started. */
  readonly segmentBytes: number
  /**
   * Appends `bytes` and flushes them to disk (fdatasync). When that fails the
   * segment is cut back to what it held before, and the error is thrown.
   */
  append(bytes: Uint8Array): Promise<void>
  /** Starts a new segment for the appends to come; resolves with the number of the one it seals. */
  rotate(): Promise<number>
  /**
   * Whether the segment being written is no longer where it was: its file
   * unlinked (a link count of 0: removed, or its directory removed) or its
   * path naming another file or none (its directory moved). Appends to it
   * would be lost.
   */
  detached(): Promise<boolean>
  /** Removes the segments numbered `upTo` or less (their writes are in the state file). */
  removeThrough(upTo: number): Promise<void>
  close(): Promise<void>
}

/**
 * Opens a new log segment `FILE.log.<first>` (created, its directory
 * synced) and returns the log. `sealed` are the segments already there,
 * removed by `removeThrough`.
 *
 * @example
 * const log = await openChangeLog('/data/state.json', 4, [])
 * await log.append(encodeLogFrame(12, changes))
 */
export async function openChangeLog(file: string, first: number, sealed: readonly SegmentFile[]): Promise<ChangeLog> {
  const segments = [...sealed]
  let number = first
  let handle = await createSegment(file, number)
  segments.push({ number, path: segmentPath(file, number) })
  let size = 0
  /** The segment may hold bytes past `size` from a failed append that could not be cut off. */
  let dirty = false

  return {
    get segmentBytes() {
      return size
    },
    async append(bytes) {
      if (dirty) {
        await handle.truncate(size)
        dirty = false
      }
      try {
        await writeFully(handle, bytes, size)
        await handle.datasync()
      } catch (error) {
        // Written at `size` again next time; a stale frame left past the end fails its order on load.
        await handle.truncate(size).catch(() => (dirty = true))
        throw error
      }
      size += bytes.length
    },
    async rotate() {
      const next = await createSegment(file, number + 1)
      const previous = handle
      handle = next
      number++
      size = 0
      dirty = false
      segments.push({ number, path: segmentPath(file, number) })
      await previous.close().catch(() => undefined)
      return number - 1
    },
    async detached() {
      const open = await handle.stat().catch(() => undefined)
      if (!open || open.nlink === 0) return true
      const named = await stat(segmentPath(file, number)).catch(() => undefined)
      return !named || named.ino !== open.ino || named.dev !== open.dev
    },
    async removeThrough(upTo) {
      while (segments.length > 0 && segments[0]!.number <= upTo) {
        await rm(segments[0]!.path, { force: true })
        segments.shift()
      }
    },
    async close() {
      await handle.close().catch(() => undefined)
    },
  }
}

/** The path of segment `number` of `file`'s log. */
function segmentPath(file: string, number: number): string {
  return `${file}.log.${number}`
}

/** Creates an empty segment and makes its name durable. */
async function createSegment(file: string, number: number): Promise<FileHandle> {
  const handle = await open(segmentPath(file, number), 'w')
  try {
    await syncDirectory(dirname(file))
  } catch (error) {
    await handle.close().catch(() => undefined)
    throw error
  }
  return handle
}

import { constants } from 'node:fs'
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
   * Appends `bytes` and flushes them to disk: one write to a segment opened
   * with `O_DSYNC` (each write returns once its data is on disk, as an
   * `fdatasync` after it would), or a write and an `fdatasync` where the
   * platform has no `O_DSYNC`. When that fails the segment is cut back to
   * what it held before, and the error is thrown.
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
  let { handle, id, reserved } = await createSegment(file, number)
  segments.push({ number, path: segmentPath(file, number) })
  let size = 0
  /** The segment may hold bytes past `size` from a failed append that could not be cut off. */
  let dirty = false
  /** False once the disk refused zeros for this segment: its frames then grow the file as they go. */
  let reserving = reserved > 0

  return {
    get segmentBytes() {
      return size
    },
    async append(bytes) {
      if (dirty) {
        await handle.truncate(size)
        dirty = false
        reserved = size
      }
      if (reserving && size + bytes.length > reserved) {
        const zeros = await reserve(handle, size, bytes.length)
        reserving = zeros > 0
        reserved = size + zeros
      }
      try {
        await writeFully(handle, bytes, size)
        if (!SYNCED_WRITES) await handle.datasync()
      } catch (error) {
        // Written at `size` again next time; a stale frame left past the end fails its order on load.
        await handle.truncate(size).catch(() => (dirty = true))
        reserved = size
        throw error
      }
      size += bytes.length
    },
    async rotate() {
      const next = await createSegment(file, number + 1)
      const previous = handle
      ;({ handle, id, reserved } = next)
      number++
      size = 0
      dirty = false
      reserving = reserved > 0
      segments.push({ number, path: segmentPath(file, number) })
      await previous.close().catch(() => undefined)
      return number - 1
    },
    async detached() {
      // The open file cannot be freed, so its inode number cannot name another file while it is open.
      const named = await stat(segmentPath(file, number)).catch(() => undefined)
      return !named || named.ino !== id.ino || named.dev !== id.dev
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

/** How many bytes of zeros a segment is grown by ahead of its frames. */
const RESERVE_BYTES = 1024 * 1024

/**
 * Writes zeros past the end of a segment's frames (at least `RESERVE_BYTES`,
 * and room for a frame of `frameBytes`) and puts them on disk, so that the
 * frames written over them change data only, not the file's size: their
 * `fdatasync` then has no metadata to commit (a journal commit on ext4,
 * several times slower than the data). The log's reader stops at the zeros.
 * Resolves with the bytes reserved, or 0 when the disk refused them (the
 * segment is cut back, and its frames grow the file instead).
 */
async function reserve(handle: FileHandle, size: number, frameBytes: number): Promise<number> {
  const zeros = Buffer.alloc(Math.max(RESERVE_BYTES, frameBytes))
  try {
    await writeFully(handle, zeros, size)
    if (!SYNCED_WRITES) await handle.datasync()
    return zeros.length
  } catch {
    await handle.truncate(size).catch(() => undefined)
    return 0
  }
}

/** Whether the platform has `O_DSYNC`: each write to a segment is then on disk when it returns. */
const SYNCED_WRITES = constants.O_DSYNC !== undefined

/** How a segment is opened: created empty, for writing, and with `O_DSYNC` where the platform has it. */
const SEGMENT_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_DSYNC ?? 0)

/** A segment open for appending, the device and inode its name had when it was created, and the zeros it holds. */
interface OpenSegment {
  readonly handle: FileHandle
  readonly id: { readonly dev: number; readonly ino: number }
  /** Where the zeros written ahead of the frames end (see `reserve`); appends below it change no file size. */
  readonly reserved: number
}

/** Creates a segment of zeros (see `reserve`) and makes its name durable. */
async function createSegment(file: string, number: number): Promise<OpenSegment> {
  const handle = await open(segmentPath(file, number), SEGMENT_FLAGS)
  try {
    const { dev, ino } = await handle.stat()
    const reserved = await reserve(handle, 0, 0)
    await syncDirectory(dirname(file))
    return { handle, id: { dev, ino }, reserved }
  } catch (error) {
    await handle.close().catch(() => undefined)
    throw error
  }
}

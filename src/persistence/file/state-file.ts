import type { FileHandle } from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import { open, readFile, readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { decodeLog, type LogFrame } from '../change-log-format.js'
import { stateFromRaw, type PersistedState } from '../persisted-state.js'
import { readStateFile, type RawStateFile } from './read-state-file.js'
import { stateFileLines } from './state-file-lines.js'
import { STATE_FILE_VERSION } from '../persisted-format.js'
import type { StoreSnapshot } from '../../store/create-store.js'
import { syncDirectory, writeFully } from './write-fully.js'

/** The log segment files beside a persisted file: `FILE.log.<n>`, oldest first. */
export interface SegmentFile {
  readonly number: number
  readonly path: string
}

/** What a persisted file and its log hold on disk. */
export interface PersistedOnDisk {
  /** The state file with every whole logged write replayed, or undefined when the file does not exist. */
  readonly state?: PersistedState
  /** Why the end of a segment was dropped (a write cut short by a crash), when it was. */
  readonly tails: readonly string[]
  /** What of a damaged state file could not be loaded: one line each, naming where and why. */
  readonly skipped: readonly string[]
  /** Whether the state file is written in the current version (else it is rewritten once loaded). */
  readonly current?: boolean
}

/** The bytes of a file, a chunk at a time; throws ENOENT when there is no such file. */
export type ReadChunks = (path: string) => AsyncIterable<Uint8Array>

/**
 * The log segments of `file` that exist, oldest first, found with `list`
 * (readdir of the file's directory).
 *
 * @example
 * const segments = await logSegments('/data/state.json') // [{ number: 3, path: '/data/state.json.log.3' }]
 */
export async function logSegments(
  file: string,
  list: (directory: string) => Promise<string[]> = readdir,
): Promise<SegmentFile[]> {
  const prefix = `${basename(file)}.log.`
  let names: string[]
  try {
    names = await list(dirname(file))
  } catch {
    return []
  }
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({ number: Number(name.slice(prefix.length)), path: join(dirname(file), name) }))
    .sort((a, b) => a.number - b.number)
}

/**
 * Reads the state file, a chunk at a time, and replays its log: every whole
 * frame of each segment, in order, newer than the state; a torn tail (a
 * write a crash cut short, never acknowledged) is dropped and said in
 * `tails`. Without the state file the log is not read (it was written after
 * the file, so the file was removed on purpose). A damaged state file loads
 * every record that can be read, and says what it skipped in `skipped`; a
 * file that is not a state this mock wrote throws a PersistedStateError and
 * is left as it is.
 *
 * @example
 * const { state, skipped } = await readPersisted('/data/state.json', segments)
 */
export async function readPersisted(
  file: string,
  segments: readonly SegmentFile[],
  chunks: ReadChunks = (path) => createReadStream(path, { highWaterMark: 1024 * 1024 }),
): Promise<PersistedOnDisk> {
  let raw: RawStateFile
  try {
    raw = await readStateFile(chunks(file), file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    return { tails: [], skipped: [] }
  }
  const frames: LogFrame[] = []
  const tails: string[] = []
  for (const segment of segments) {
    const decoded = decodeLog(await readFile(segment.path), frames.at(-1)?.seq ?? 0)
    frames.push(...decoded.frames)
    if (decoded.tail) tails.push(`${segment.path}: ${decoded.tail} at byte ${decoded.validBytes}`)
  }
  const skipped = [...raw.skipped]
  const state = stateFromRaw(raw, raw.seq, file, frames, skipped)
  return { state, tails, skipped, current: raw.version === STATE_FILE_VERSION }
}

/**
 * Writes a state to `file`, a line per record (see {@link stateFileLines}), so that a crash or a full disk never leaves a
 * bad one: every piece to `temporary` (a short write goes on, a refused one
 * throws), fsync, rename over `file`, fsync of the directory. On any failure
 * the temporary file is removed and `file` is left as it was. Resolves with
 * the bytes written.
 *
 * @example
 * await writeStateFile('/data/state.json', '/data/state.json.123.tmp', service.store.snapshot(), 42)
 */
export async function writeStateFile(
  file: string,
  temporary: string,
  snapshot: StoreSnapshot,
  seq: number,
): Promise<number> {
  let handle: FileHandle | undefined
  let written = 0
  try {
    handle = await open(temporary, 'w')
    for (const piece of stateFileLines(snapshot, seq)) {
      const bytes = Buffer.from(piece, 'utf8')
      await writeFully(handle, bytes, written)
      written += bytes.length
    }
    await handle.sync()
    await handle.close()
    handle = undefined
    await rename(temporary, file)
    await syncDirectory(dirname(file))
    return written
  } catch (error) {
    await handle?.close().catch(() => undefined)
    await rm(temporary, { force: true }).catch(() => undefined)
    throw error
  }
}

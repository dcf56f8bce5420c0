import * as nodeFs from 'node:fs/promises'
import { dirname } from 'node:path'
import type { PersistedService } from '../persisted-service.js'
import type { FilePersistence } from './file-persistence-handle.js'
import { removeLeftovers } from './remove-leftovers.js'
import { reportSkipped } from './report-skipped.js'
import { logSegments, readPersisted, type ReadChunks } from './state-file.js'
import { stateFileLines } from './state-file-lines.js'

/** The file-system calls relaxed persistence makes: node:fs/promises, or a stand-in that fails or stalls on purpose. */
export interface PersistenceFileSystem {
  readFile(path: string, encoding: 'utf8'): Promise<string>
  open(
    path: string,
    flags: 'w',
  ): Promise<{ write(text: string): Promise<unknown>; sync?(): Promise<void>; close(): Promise<void> }>
  rename(from: string, to: string): Promise<void>
  rm(path: string, options: { force: true }): Promise<void>
  readdir(path: string): Promise<string[]>
  /** Creates a directory that was removed; without it a removed directory is waited for. */
  mkdir?(path: string, options: { recursive: true }): Promise<unknown>
}

export interface RelaxedOptions {
  /** Told, one line each, when saving the file starts failing and when it works again (not at every failed attempt). */
  warn: (line: string) => void
  /** The file system to use; node:fs/promises when left out. */
  fs?: PersistenceFileSystem
}

/**
 * After a write that took `t` ms, the next one starts `t × WRITE_GAP` ms later
 * at the earliest (capped by MAX_GAP_MS), so rewriting a large state takes a
 * bounded share of the time whatever the rate of changes.
 */
const WRITE_GAP = 3
const MAX_GAP_MS = 2000

/**
 * Keeps a service's records in `file` across restarts: loads it when it
 * exists, then writes it after changes, atomically (a temporary file renamed
 * over it, so a crash never leaves half a file). A file that cannot be read
 * is refused with a {@link PersistedStateError} and never overwritten.
 *
 * Writes happen in the background, never on a request's way: one at a time,
 * a piece at a time, and coalesced (changes made while one is under way are
 * all saved by the next). A write that fails (a full disk, a read-only or
 * removed directory) is reported once through `warn`, the service carries
 * on, and the next change tries again. Temporary files that earlier runs
 * left behind are removed at start.
 *
 * @example
 * const persistence = await persistRelaxed(service, '../../server/demo-state.json', { warn: (line) => console.error(line) })
 * await persistence.stop()
 */
export async function persistRelaxed(
  service: PersistedService,
  file: string,
  options: RelaxedOptions,
): Promise<FilePersistence> {
  const fs = options.fs ?? nodeFs
  await service.ready
  // A log a durable run left is replayed, and removed once the file holds its writes.
  const segments = await logSegments(file, (directory) => fs.readdir(directory))
  const disk = await readPersisted(file, segments, options.fs ? wholeFile(options.fs) : undefined)
  if (disk.state) await service.restore(disk.state.snapshot)
  await reportSkipped(file, disk.skipped, options.warn)
  await removeLeftovers(fs, file)
  const seq = disk.state?.seq ?? 0
  const temporary = `${file}.${process.pid}.tmp`
  const saver = createBackgroundSaver(file, options.warn, async () => {
    try {
      await writeState(fs, temporary, file, stateFileLines(service.store.snapshot(), seq))
    } catch (error) {
      if (!(await recreateDirectory(fs, file, error as Error, options.warn))) throw error
      await writeState(fs, temporary, file, stateFileLines(service.store.snapshot(), seq))
    }
    for (const segment of segments.splice(0)) await fs.rm(segment.path, { force: true })
  })
  const unsubscribe = service.store.subscribe(saver.schedule)
  // No file yet, a log to fold in, a damaged file or one of version 1: written anew at once.
  if (!disk.state || segments.length > 0 || disk.skipped.length > 0 || !disk.current) saver.schedule()
  return {
    settle: (work) => work(),
    flush: saver.flush,
    async stop() {
      unsubscribe()
      await saver.stop()
    },
  }
}

/** Creates the directory of `file` again when a write failed because it was removed; says so, and whether it did. */
async function recreateDirectory(
  fs: PersistenceFileSystem,
  file: string,
  error: Error,
  warn: (line: string) => void,
): Promise<boolean> {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !fs.mkdir) return false
  const directory = dirname(file)
  const gone = await fs.readdir(directory).then(
    () => false,
    (failure: NodeJS.ErrnoException) => failure.code === 'ENOENT',
  )
  if (!gone) return false
  await fs.mkdir(directory, { recursive: true })
  warn(`conversation-asset-mock: the directory of ${file} was removed; it is created again and ${file} written anew.`)
  return true
}

/** A stand-in file system's file as one chunk. */
function wholeFile(fs: PersistenceFileSystem): ReadChunks {
  return async function* (path) {
    yield Buffer.from(await fs.readFile(path, 'utf8'))
  }
}

/** Saves the state after changes: one write at a time, coalesced, spaced by the last write's length. */
interface BackgroundSaver {
  /** Says a change came: a write starts unless one runs or the saver stopped. */
  readonly schedule: () => void
  /** Resolves when no write runs. */
  readonly flush: () => Promise<void>
  /** Stops scheduling, waits for the write under way, and tries once more what a failed write left unsaved. */
  readonly stop: () => Promise<void>
}

function createBackgroundSaver(
  file: string,
  warn: (line: string) => void,
  write: () => Promise<void>,
): BackgroundSaver {
  /** A change came since the last write began. */
  let changed = false
  /** The file lacks changes: some not written yet, or their write failed. */
  let unsaved = false
  let failing = false
  let stopped = false
  let gapMs = 0
  let running: Promise<void> | undefined

  async function writeOnce(): Promise<boolean> {
    changed = false
    const started = performance.now()
    try {
      await write()
    } catch (error) {
      if (!failing) {
        warn(
          `conversation-asset-mock: Failed to save the state in ${file}: ${(error as Error).message}. The mock keeps serving; the next change tries again.`,
        )
      }
      failing = true
      return false
    }
    gapMs = Math.min((performance.now() - started) * WRITE_GAP, MAX_GAP_MS)
    if (!changed) unsaved = false
    if (failing) warn(`conversation-asset-mock: the state is saved in ${file} again.`)
    failing = false
    return true
  }

  /** Writes until nothing changed since the last write began, or a write fails (the next change tries again). */
  async function run(): Promise<void> {
    while (changed) {
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, gapMs))
      if (!(await writeOnce())) return
    }
  }

  function start(): void {
    running ??= run().finally(() => {
      running = undefined
      // A change that came as the last write failed starts a new attempt.
      if (changed && !stopped) start()
    })
  }

  return {
    schedule() {
      changed = true
      unsaved = true
      if (!stopped) start()
    },
    async flush() {
      while (running) await running
    },
    async stop() {
      stopped = true
      while (running) await running
      // One last attempt at what a failed write left unsaved.
      if (unsaved) {
        changed = true
        await writeOnce()
      }
    },
  }
}

/** Writes `pieces` into `temporary`, syncs it and renames it over `file`; removes the temporary file when that fails. */
async function writeState(
  fs: PersistenceFileSystem,
  temporary: string,
  file: string,
  pieces: Iterable<string>,
): Promise<void> {
  try {
    const handle = await fs.open(temporary, 'w')
    try {
      for (const piece of pieces) await writeWhole(handle, piece)
      await handle.sync?.()
    } finally {
      await handle.close()
    }
    await fs.rename(temporary, file)
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined)
    throw error
  }
}

/** Writes a piece, throwing when the file took only part of it (a full disk), so a short file is never renamed into place. */
async function writeWhole(handle: { write(text: string): Promise<unknown> }, piece: string): Promise<void> {
  const written = ((await handle.write(piece)) as { bytesWritten?: unknown } | undefined)?.bytesWritten
  if (typeof written === 'number' && written < Buffer.byteLength(piece)) {
    throw Object.assign(new Error('ENOSPC: no space left on device, write (a short write)'), { code: 'ENOSPC' })
  }
}

import * as nodeFs from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { MockService } from '../core/create-mock-service.js'
import { parseState, serializeStateInPieces } from '../persistence/persisted-state.js'
import { isProcessRunning } from './is-process-running.js'

/** A service's records kept in a file. */
export interface FilePersistence {
  /** Resolves when every change so far was written, or its write failed (and was reported). */
  flush(): Promise<void>
  /** Stops saving, after a last write of what is not saved yet. */
  stop(): Promise<void>
}

/** The file-system calls persistence makes: node:fs/promises, or a stand-in that fails or stalls on purpose. */
export interface PersistenceFileSystem {
  readFile(path: string, encoding: 'utf8'): Promise<string>
  open(path: string, flags: 'w'): Promise<{ write(text: string): Promise<unknown>; close(): Promise<void> }>
  rename(from: string, to: string): Promise<void>
  rm(path: string, options: { force: true }): Promise<void>
  readdir(path: string): Promise<string[]>
}

export interface FilePersistenceOptions {
  /**
   * Told, one line each, when saving the file starts failing and when it
   * works again (not at every failed attempt); process.stderr when left out.
   */
  warn?: (line: string) => void
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
 * const persistence = await persistToFile(service, './demo-state.json', { warn: (line) => console.error(line) })
 * await persistence.stop()
 */
export async function persistToFile(
  service: MockService,
  file: string,
  options: FilePersistenceOptions = {},
): Promise<FilePersistence> {
  const fs = options.fs ?? nodeFs
  const warn = options.warn ?? ((line: string) => void process.stderr.write(`${line}\n`))
  await service.ready
  let text: string | undefined
  try {
    text = await fs.readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (text !== undefined) await service.restore(parseState(text, file))
  await removeLeftovers(fs, file)

  const temporary = `${file}.${process.pid}.tmp`
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
    const snapshot = service.store.snapshot()
    const started = performance.now()
    try {
      const handle = await fs.open(temporary, 'w')
      try {
        for (const piece of serializeStateInPieces(snapshot)) await handle.write(piece)
      } finally {
        await handle.close()
      }
      await fs.rename(temporary, file)
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined)
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

  function schedule(): void {
    changed = true
    unsaved = true
    if (!stopped) start()
  }

  const unsubscribe = service.store.subscribe(schedule)
  if (text === undefined) schedule()
  return {
    async flush() {
      while (running) await running
    },
    async stop() {
      unsubscribe()
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

/**
 * Removes `FILE.<pid>.tmp` files left by runs that ended mid-write: any with
 * this process's id (no write is under way yet) or the id of a process that
 * is gone.
 */
async function removeLeftovers(fs: PersistenceFileSystem, file: string): Promise<void> {
  const name = basename(file)
  let names: string[]
  try {
    names = await fs.readdir(dirname(file))
  } catch {
    return
  }
  for (const entry of names) {
    if (!entry.startsWith(`${name}.`) || !entry.endsWith('.tmp')) continue
    const pid = entry.slice(name.length + 1, -'.tmp'.length)
    if (!/^\d+$/.test(pid)) continue
    if (Number(pid) !== process.pid && isProcessRunning(Number(pid))) continue
    await fs.rm(join(dirname(file), entry), { force: true }).catch(() => undefined)
  }
}

import { readFileSync, unlinkSync } from 'node:fs'
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { isProcessRunning } from './is-process-running.js'

/** The owner a lock file names: its process, host and start time. */
interface LockOwner {
  readonly pid: number
  readonly host: string
  /** When the owning process started (`performance.timeOrigin`): tells a reused pid from its first owner. */
  readonly processStarted: number
  /** When it took the lock, for the people reading the file. */
  readonly locked: string
}

/** A lock held on a persisted file; `release` removes it (only while it is still this process's). */
export interface PersistLock {
  /** The lock file, `FILE.lock`. */
  readonly path: string
  release(): Promise<void>
}

/** Attempts at taking the lock before giving up (each one a lock that went away or was stale meanwhile). */
const ATTEMPTS = 5

/**
 * Makes this process the one owner of a persisted `file`: creates
 * `FILE.lock` holding its pid, host and start time, atomically (written
 * whole to a temporary file, then linked into place, which fails when the
 * lock exists). A lock whose process is gone (a kill -9, a crash) is taken
 * over, said once through `warn`. A lock another running server holds, or
 * another server in this process, is refused with an error naming it. The
 * lock goes on `release`, or when the process exits; a process killed
 * outright leaves it behind, stale, for the next start to take over.
 *
 * @example
 * const lock = await lockPersistFile('/data/state.json', (line) => console.error(line))
 * await lock.release()
 */
export async function lockPersistFile(file: string, warn: (line: string) => void): Promise<PersistLock> {
  const path = `${file}.lock`
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    processStarted: performance.timeOrigin,
    locked: new Date().toISOString(),
  }
  const text = `${JSON.stringify(me)}\n`
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await createLock(file, path, text)) return heldLock(path, text)
    const found = await readLock(path)
    if (found === 'gone') continue
    if (found !== 'unreadable' && isLive(found)) throw new Error(inUse(file, path, found))
    if (!(await removeStale(path, found))) continue
    warn(`conversation-asset-mock: took over ${path} from ${staleOwner(found)}.`)
  }
  throw new Error(
    `Failed to lock --persist "${file}": ${path} kept changing while this server tried to take it. Check that no other server starts on the file, then start again.`,
  )
}

/**
 * Links a file holding `text` to `path`; false when `path` exists. The
 * temporary file's name is this attempt's alone (`FILE.lock.<pid>-<random>.tmp`):
 * another server of this process may be saving through `FILE.<pid>.tmp`, or locking too.
 */
async function createLock(file: string, path: string, text: string): Promise<boolean> {
  const temporary = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temporary, text, { flag: 'wx' })
    await link(temporary, path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw new Error(
      `Failed to lock --persist "${file}": ${path} cannot be created (${(error as Error).message}). Check that the file's directory can be written.`,
    )
  } finally {
    await rm(temporary, { force: true })
  }
}

/** The owner a lock file names, 'gone' when there is no lock file, 'unreadable' when it names none. */
async function readLock(path: string): Promise<LockOwner | 'gone' | 'unreadable'> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
    throw error
  }
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>
    if (Number.isInteger(owner.pid) && typeof owner.host === 'string') return owner as LockOwner
  } catch {
    // Not a lock this package wrote (it writes its locks whole): nobody holds it.
  }
  return 'unreadable'
}

/**
 * Whether a lock's owner may still run: a process of this host that exists
 * and is not an earlier process with this one's pid, or a process of
 * another host (which cannot be checked from here).
 */
function isLive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true
  if (owner.pid === process.pid) return owner.processStarted === performance.timeOrigin
  return isProcessRunning(owner.pid)
}

/**
 * Removes a stale lock: moves it aside (atomically, so two servers taking it
 * over cannot both succeed), then checks it was the stale one read. Resolves
 * false when the lock changed meanwhile (it is put back when it was another).
 */
async function removeStale(path: string, stale: LockOwner | 'unreadable'): Promise<boolean> {
  const aside = `${path}.${process.pid}.stale`
  try {
    await rename(path, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
  const moved = await readLock(aside)
  const same = moved === stale || (typeof moved === 'object' && typeof stale === 'object' && sameOwner(moved, stale))
  if (!same) await link(aside, path).catch(() => undefined)
  await rm(aside, { force: true })
  return same
}

function sameOwner(a: LockOwner, b: LockOwner): boolean {
  return a.pid === b.pid && a.host === b.host && a.processStarted === b.processStarted && a.locked === b.locked
}

/** The lock held: released by `release` or, failing that, as the process exits. */
function heldLock(path: string, text: string): PersistLock {
  const onExit = () => removeIfOurs(path, text)
  process.on('exit', onExit)
  return {
    path,
    async release() {
      process.off('exit', onExit)
      removeIfOurs(path, text)
    },
  }
}

/** Removes the lock file while it still holds `text`, this lock's own; synchronous, so it runs on exit too. */
function removeIfOurs(path: string, text: string): void {
  try {
    if (readFileSync(path, 'utf8') === text) unlinkSync(path)
  } catch {
    // Already gone: nothing to release.
  }
}

/** The refusal of a file another server holds. */
function inUse(file: string, path: string, owner: LockOwner): string {
  const who =
    owner.pid === process.pid && owner.host === hostname() ? 'another server in this process' : 'another server'
  const where = owner.host === hostname() ? '' : ` on host ${owner.host}`
  return (
    `Failed to start with --persist "${file}": ${who} (process ${owner.pid}${where}, since ${owner.locked}) keeps its state there, as ${path} says. ` +
    `Stop that server first, or pass another file; if process ${owner.pid} is no longer a mock server, delete ${path}.`
  )
}

/** Who held a stale lock, for the line saying it was taken over. */
function staleOwner(owner: LockOwner | 'unreadable'): string {
  if (owner === 'unreadable') return 'a server that left it unreadable'
  return `process ${owner.pid}, which is no longer running (it locked the file at ${owner.locked})`
}

import { basename, dirname, join } from 'node:path'
import { isProcessRunning } from './is-process-running.js'

/** The directory calls removing leftovers makes. */
export interface LeftoverFileSystem {
  readdir(path: string): Promise<string[]>
  rm(path: string, options: { force: true }): Promise<void>
}

/**
 * Removes `FILE.<pid>.tmp` files left by runs that ended mid-write: any with
 * this process's id (no write is under way yet) or the id of a process that
 * is gone.
 *
 * @example
 * await removeLeftovers(fs, '/data/state.json')
 */
export async function removeLeftovers(fs: LeftoverFileSystem, file: string): Promise<void> {
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

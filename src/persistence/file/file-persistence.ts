import type { PersistedService } from '../persisted-service.js'
import { persistDurably } from './durable-file-persistence.js'
import type { FilePersistence } from './file-persistence-handle.js'
import { lockPersistFile } from './persist-lock.js'
import { persistRelaxed, type PersistenceFileSystem } from './relaxed-file-persistence.js'

export type { FilePersistence } from './file-persistence-handle.js'
export type { PersistenceFileSystem } from './relaxed-file-persistence.js'

/** How `--persist` keeps writes: each on disk before it is acknowledged, or saved in the background. */
export type Durability = 'durable' | 'relaxed'

export interface FilePersistenceOptions {
  /** 'durable' (the default): a write is acknowledged once it is on disk. 'relaxed': saved in the background. */
  durability?: Durability
  /**
   * Told, one line each, when saving the file starts failing and when it
   * works again (not at every failed attempt); process.stderr when left out.
   */
  warn?: (line: string) => void
  /** The file system relaxed saving uses; node:fs/promises when left out. A stand-in is this process's alone: no lock is taken. */
  fs?: PersistenceFileSystem
  /** Durable: the log is compacted into the file once it holds this many bytes, or the file's size when larger (default 4 MiB). */
  compactAtBytes?: number
}

/**
 * Keeps a service's records in `file` across restarts, loading it (and
 * replaying its log) when it exists. Durable by default: each write is on
 * disk before {@link FilePersistence.settle} lets its request be answered;
 * `durability: 'relaxed'` saves the whole state in the background instead.
 * See docs/reliability.md for what each promises.
 *
 * One server owns a file: this takes its lock (`FILE.lock`, released by
 * `stop` or at exit) before reading it, and rejects, naming the owner, when
 * another running server holds it; a stale lock is taken over.
 *
 * @example
 * const persistence = await persistToFile(service, '../../server/demo-state.json', { warn: (line) => console.error(line) })
 * await persistence.stop()
 */
export async function persistToFile(
  service: PersistedService,
  file: string,
  options: FilePersistenceOptions = {},
): Promise<FilePersistence> {
  const warn = options.warn ?? ((line: string) => void process.stderr.write(`${line}\n`))
  const lock = options.fs ? { release: () => Promise.resolve() } : await lockPersistFile(file, warn)
  let persistence: FilePersistence
  try {
    persistence =
      options.durability === 'relaxed'
        ? await persistRelaxed(service, file, { warn, ...(options.fs && { fs: options.fs }) })
        : await persistDurably(service, file, {
            warn,
            ...(options.compactAtBytes !== undefined && { compactAtBytes: options.compactAtBytes }),
          })
  } catch (error) {
    await lock.release()
    throw error
  }
  return {
    settle: (work) => persistence.settle(work),
    flush: () => persistence.flush(),
    async stop() {
      try {
        await persistence.stop()
      } finally {
        await lock.release()
      }
    },
  }
}

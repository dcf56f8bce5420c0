import { readFile, rename, writeFile } from 'node:fs/promises'
import type { MockService } from '../core/create-mock-service.js'
import { parseState, serializeState } from '../persistence/persisted-state.js'

/** A service's records kept in a file. */
export interface FilePersistence {
  /** Resolves when every change so far is on disk. */
  flush(): Promise<void>
  /** Stops saving (after a last flush). */
  stop(): Promise<void>
}

/**
 * Keeps a service's records in `file` across restarts: loads it when it
 * exists, then writes it after changes, atomically (a temporary file renamed
 * over it, so a crash never leaves half a file). A file that cannot be read
 * is refused with a {@link PersistedStateError} and never overwritten.
 *
 * @example
 * const persistence = await persistToFile(service, './demo-state.json')
 * await persistence.stop()
 */
export async function persistToFile(service: MockService, file: string): Promise<FilePersistence> {
  await service.ready
  let text: string | undefined
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (text !== undefined) await service.restore(parseState(text, file))

  let writing: Promise<void> = Promise.resolve()
  let dirty = false
  const temporary = `${file}.${process.pid}.tmp`

  function schedule(): void {
    if (dirty) return
    dirty = true
    writing = writing.then(async () => {
      dirty = false
      await writeFile(temporary, serializeState(service.store.snapshot()))
      await rename(temporary, file)
    })
  }

  const unsubscribe = service.store.subscribe(schedule)
  if (text === undefined) schedule()
  return {
    flush: () => writing,
    async stop() {
      unsubscribe()
      await writing
    },
  }
}

import type { PersistedService } from '../persisted-service.js'
import { parseState, serializeState } from '../persisted-state.js'

/** Where the browser keeps a demo's state between reloads. */
export interface BrowserPersistence {
  /** False when the saved state could not be read: it is kept as it was and nothing is saved over it. */
  readonly active: boolean
  /** Stops saving. */
  stop(): void
  /** Forgets the saved state. */
  clear(): void
}

/**
 * Keeps a service's records in `localStorage` (versioned; up to its quota of
 * about 5 MB: a save past it is reported once on the console) so a demo survives
 * reloads: loads what is saved, then saves after every change. A saved state
 * that cannot be read is reported on the console and left in place: the
 * fixtures load and nothing is saved over it until `clear()`.
 *
 * @example
 * const persistence = await persistToLocalStorage(service, 'conversation-asset-mock')
 */
export async function persistToLocalStorage(
  service: PersistedService,
  key: string,
  storage: Storage = globalThis.localStorage,
): Promise<BrowserPersistence> {
  await service.ready
  const saved = storage.getItem(key)
  if (saved !== null) {
    try {
      await service.restore(parseState(saved, `localStorage["${key}"]`))
    } catch (error) {
      console.error(`${(error as Error).message} Call reset() on the mock to start over.`)
      return { active: false, stop: () => undefined, clear: () => storage.removeItem(key) }
    }
  }
  let pending = false
  let reported = false
  const unsubscribe = service.store.subscribe(() => {
    if (pending) return
    pending = true
    queueMicrotask(() => {
      pending = false
      const text = serializeState(service.store.snapshot())
      try {
        storage.setItem(key, text)
      } catch (error) {
        // Past the quota (about 5 MB): reported once, never thrown; persistToIndexedDb holds more.
        if (reported) return
        reported = true
        console.error(
          `Failed to save the mock state (${(text.length / 1_048_576).toFixed(1)} MB) in localStorage["${key}"]: ${(error as Error).message}. Use persistToIndexedDb for a state this large.`,
        )
      }
    })
  })
  return {
    active: true,
    stop: unsubscribe,
    clear: () => storage.removeItem(key),
  }
}

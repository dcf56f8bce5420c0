import { createStore, del, get, set } from 'idb-keyval'
import type { PersistedService } from '../persisted-service.js'
import { parseState, serializeState } from '../persisted-state.js'
import type { BrowserPersistence } from './local-storage-persistence.js'

/** Where the saved states are kept: a key-value store, IndexedDB's by default. */
export interface StateStorage {
  get(key: string): Promise<string | undefined>
  set(key: string, value: string): Promise<void>
  delete(key: string): Promise<void>
}

export interface IndexedDbPersistenceOptions {
  /** Where the state is kept (default: IndexedDB database `conversation-asset-mock`, store `state`). */
  storage?: StateStorage
  /** Where a state saved by an earlier version is read from once, when the storage has none (default `localStorage`). */
  legacy?: Pick<Storage, 'getItem' | 'removeItem'>
  /** The channel that keeps tabs in step (default a `BroadcastChannel` per key; `false` for none). */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'close'> | false
}

/**
 * Keeps a service's records in IndexedDB (versioned) so a demo survives
 * reloads, states of tens of megabytes included, and keeps the tabs that
 * persist under the same key in step: after every change the state is saved
 * and the other tabs load it. A saved state that cannot be read is reported
 * on the console and left in place; a save that fails (the browser's quota)
 * is reported once on the console with its size, never thrown.
 *
 * @example
 * const persistence = await persistToIndexedDb(service, 'conversation-asset-mock')
 */
export async function persistToIndexedDb(
  service: PersistedService,
  key: string,
  options: IndexedDbPersistenceOptions = {},
): Promise<BrowserPersistence> {
  const storage = options.storage ?? indexedDbStorage()
  const legacy = options.legacy ?? globalThis.localStorage
  const forget = (report: (error: unknown) => void) => {
    legacy?.removeItem(key)
    storage.delete(key).catch(report)
  }
  await service.ready
  const loaded = await load(service, key, storage, legacy)
  if (!loaded.ok) return { active: false, stop: () => undefined, clear: () => forget(reportOnce(key)) }
  const channel = options.channel === false ? undefined : (options.channel ?? new BroadcastChannel(channelName(key)))
  const report = reportOnce(key)
  // True while a state another tab saved is being loaded: that load is not a change of ours to save.
  let applyingRemote = false
  let scheduled = false
  let saving: Promise<void> = Promise.resolve()

  const save = async () => {
    let text: string
    try {
      text = serializeState(service.store.snapshot())
    } catch (error) {
      report(error, undefined)
      return
    }
    try {
      await storage.set(key, text)
      channel?.postMessage({ saved: key })
    } catch (error) {
      report(error, text.length)
    }
  }
  const unsubscribe = service.store.subscribe(() => {
    if (applyingRemote || scheduled) return
    scheduled = true
    queueMicrotask(() => {
      scheduled = false
      // One save at a time, in order, so an older state never lands after a newer one.
      saving = saving.then(save)
    })
  })
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { saved?: unknown } | null)?.saved !== key) return
    saving = saving.then(async () => {
      const text = await storage.get(key).catch(() => undefined)
      if (text === undefined) return
      applyingRemote = true
      try {
        await service.restore(parseState(text, `IndexedDB["${key}"]`))
      } catch (error) {
        console.error((error as Error).message)
      } finally {
        applyingRemote = false
      }
    })
  }
  channel?.addEventListener('message', onMessage as EventListener)
  return {
    active: true,
    stop() {
      unsubscribe()
      channel?.close()
    },
    clear: () => forget(report),
  }
}

/** The BroadcastChannel name the tabs persisting under `key` share. */
function channelName(key: string): string {
  return `conversation-asset-mock:${key}`
}

/** IndexedDB through idb-keyval: database `conversation-asset-mock`, store `state`. */
function indexedDbStorage(): StateStorage {
  const store = createStore('conversation-asset-mock', 'state')
  return {
    get: (key) => get<string>(key, store),
    set: (key, value) => set(key, value, store),
    delete: (key) => del(key, store),
  }
}

async function load(
  service: PersistedService,
  key: string,
  storage: StateStorage,
  legacy: Pick<Storage, 'getItem' | 'removeItem'> | undefined,
): Promise<{ ok: boolean }> {
  let saved: string | undefined
  let source = `IndexedDB["${key}"]`
  try {
    saved = await storage.get(key)
  } catch (error) {
    console.error(
      `Failed to read the saved mock state in ${source}: ${(error as Error).message}. The fixtures load instead.`,
    )
    return { ok: false }
  }
  if (saved === undefined) {
    const old = legacy?.getItem(key) ?? null
    if (old !== null) {
      saved = old
      source = `localStorage["${key}"]`
    }
  }
  if (saved === undefined) return { ok: true }
  try {
    await service.restore(parseState(saved, source))
    return { ok: true }
  } catch (error) {
    console.error(`${(error as Error).message} Call reset() on the mock to start over.`)
    return { ok: false }
  }
}

/** Reports the first failed save on the console, with the state's size; later ones stay quiet. */
function reportOnce(key: string): (error: unknown, size?: number) => void {
  let reported = false
  return (error, size) => {
    if (reported) return
    reported = true
    const what = size === undefined ? 'the mock state' : `the mock state (${(size / 1_048_576).toFixed(1)} MB)`
    console.error(
      `Failed to save ${what} in IndexedDB["${key}"]: ${(error as Error)?.message ?? String(error)}. The records stay in this tab until it closes; free some site storage, or call reset() on the mock for a smaller state.`,
    )
  }
}

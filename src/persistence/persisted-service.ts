import type { Store, StoreSnapshot } from '../store/create-store.js'

/**
 * What saving a service's records needs of it: its store, when it is ready,
 * and how to bring a saved state back. A mock service is one.
 *
 * @example
 * const persistence = await persistToFile(createMockService(), 'state.json')
 */
export interface PersistedService {
  /** Settles when the first scenario is loaded, before the saved state replaces it. */
  readonly ready: Promise<void>
  /** The records saved, and listened to for every write. */
  readonly store: Store
  /** Brings back a saved state; stream clients get fresh first frames. */
  restore(snapshot: StoreSnapshot): Promise<void>
}

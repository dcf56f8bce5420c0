import type { RequestHandler } from 'msw'
import { deleteAsset } from './domain/asset-writes.js'
import { defaultFixtures } from './fixtures/default-fixtures.generated.js'
import type { FixtureSet } from './fixtures/fixture-files.js'
import { validateFixtures } from './fixtures/validate-fixtures.js'
import { allOperations } from './handlers/all-operations.js'
import type { Operation } from './http/operation.js'
import { createMswHandlers } from './msw/create-msw-handlers.js'
import type { Clock } from './store/clock.js'
import { createStore, type RecordSet, type Store } from './store/create-store.js'
import { seededIds } from './store/seeded-ids.js'

/** The real service's port, where the official clients look first. */
export const DEFAULT_BASE_URL = 'http://localhost:39300'

export interface MockServiceOptions {
  /** Records to start from; the embedded default dataset when left out. */
  fixtures?: FixtureSet
  /** Seed of the ids the mock gives new records (default 1). */
  seed?: number
  /** Where timestamps come from (default: the system clock). */
  clock?: Clock
  /** Where the MSW handlers answer (default http://localhost:39300). */
  baseUrl?: string
}

/** A running mock of the service: its store, its route table and its MSW handlers. */
export interface MockService {
  readonly baseUrl: string
  readonly store: Store
  /** The route table both the MSW handlers and the standalone server are built from. */
  readonly operations: readonly Operation[]
  /** MSW request handlers for every operation, for `setupServer` or `setupWorker`. */
  readonly handlers: RequestHandler[]
  /** Settles when the fixtures are loaded; handlers wait for it themselves. */
  readonly ready: Promise<void>
  /**
   * Makes an asset vanish as if another client had deleted it: its snapshot
   * answers 410 and every link to it is gone.
   */
  removeAsset(id: string): Promise<void>
  /** Puts the store back to the fixtures it started from. */
  reset(): Promise<void>
}

/**
 * Creates a mock of the Conversation and Asset Service over an in-memory store.
 * Bad fixtures throw here, naming the file, the record and the field.
 *
 * @example
 * const service = createMockService({ seed: 42 })
 * const server = setupServer(...service.handlers)
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL
  const records: RecordSet = validateFixtures(options.fixtures ?? defaultFixtures)
  const store = createStore({
    ...(options.clock && { clock: options.clock }),
    createId: seededIds(options.seed ?? 1),
  })
  const ready = store.replaceAll(records)
  const operations = allOperations()
  const handlers = createMswHandlers(operations, { baseUrl, store, ready })

  return {
    baseUrl,
    store,
    operations,
    handlers,
    ready,
    removeAsset: (id) => store.write((tx) => deleteAsset(tx, id)),
    reset: () => store.replaceAll(records),
  }
}

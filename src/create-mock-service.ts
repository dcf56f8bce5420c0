import type { RequestHandler } from 'msw'
import { deleteAsset } from './domain/asset-writes.js'
import { streamUrlsOf, type IdentifierStream } from './events/identifier-frames.js'
import { createIdentifierHub, type IdentifierHub } from './events/identifier-hub.js'
import { installWebSocket } from './events/install-web-socket.js'
import { startMockSocketStreams } from './events/mock-socket-streams.js'
import { createStreamPassthrough } from './msw/create-stream-passthrough.js'
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
  /**
   * MSW request handlers for every operation, for `setupServer` or
   * `setupWorker`, plus pass-through handlers for the identifier streams.
   */
  readonly handlers: RequestHandler[]
  /** Fans store changes out to identifier stream clients (in-process and standalone). */
  readonly hub: IdentifierHub
  /** The `ws://` URL of each identifier stream. */
  readonly streamUrls: Readonly<Record<IdentifierStream, string>>
  /**
   * Serves the identifier streams in-process (mock-socket) and makes
   * `globalThis.WebSocket` reach them until `close()`. Call it after MSW's
   * `listen()`; before it works too, since `handlers` let the streams through.
   */
  startStreams(): void
  /** Closes the in-process streams and gives `globalThis.WebSocket` back. */
  close(): void
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
  const streamUrls = streamUrlsOf(baseUrl)
  const handlers = [
    ...createMswHandlers(operations, { baseUrl, store, ready }),
    ...createStreamPassthrough(Object.values(streamUrls)),
  ]
  const hub = createIdentifierHub(store)
  let stopStreams: (() => void) | undefined

  return {
    baseUrl,
    store,
    operations,
    handlers,
    hub,
    streamUrls,
    ready,
    startStreams() {
      if (stopStreams) return
      const streams = startMockSocketStreams(hub, streamUrls)
      const uninstall = installWebSocket(streams.WebSocket)
      stopStreams = () => {
        uninstall()
        streams.close()
      }
    },
    close() {
      stopStreams?.()
      stopStreams = undefined
    },
    removeAsset: (id) => store.write((tx) => deleteAsset(tx, id)),
    reset: () => store.replaceAll(records),
  }
}

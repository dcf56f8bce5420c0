import type { RequestHandler } from 'msw'
import { invariant } from 'outvariant'
import { createFaults, type Faults } from '../control/faults.js'
import { createJournal, type Journal, type JournalEntry } from '../control/journal.js'
import { scenarioData, type ScenarioData, type ScenarioName } from '../control/scenarios.js'
import { verifyCalls, type CallExpectation } from '../control/verify-calls.js'
import { deleteAsset } from '../domain/asset-writes.js'
import { streamUrlsOf, type IdentifierStream } from '../events/identifier-frames.js'
import { createIdentifierHub, type IdentifierHub } from '../events/identifier-hub.js'
import { installWebSocket } from '../msw/install-web-socket.js'
import { startMockSocketStreams } from '../msw/mock-socket-streams.js'
import { defaultFixtures } from '../seeding/default-fixtures.generated.js'
import type { FixtureSet } from '../seeding/fixture-files.js'
import type { GenerateFixturesOptions } from '../seeding/generate-fixtures.js'
import { validateFixtures } from '../seeding/validate-fixtures.js'
import { allOperations } from '../routes/route-table.js'
import type { Operation } from '../operations/define-operation.js'
import { createMswHandlers } from '../msw/create-msw-handlers.js'
import { createStreamPassthrough } from '../msw/create-stream-passthrough.js'
import type { Clock } from '../store/clock.js'
import { createStore, type Store, type StoreSnapshot } from '../store/create-store.js'
import { seededIds } from '../store/seeded-ids.js'

/**
 * The real service's address, where the official clients look first.
 *
 * @example
 * new Configuration({ basePath: DEFAULT_BASE_URL })
 */
export const DEFAULT_BASE_URL = 'http://localhost:39300'

export interface MockServiceOptions {
  /** Records of the `default` scenario; the embedded dataset when left out. */
  fixtures?: FixtureSet
  /**
   * Generate the `default` scenario instead of loading fixtures: the same
   * records `generateFixtures(generate)` returns, loaded without copying or
   * parsing them again. Not together with `fixtures`.
   */
  generate?: GenerateFixturesOptions
  /** The scenario to start from (default `default`). */
  scenario?: ScenarioName
  /** Seed of new ids, random fault delays and the `large` scenario (default 1). */
  seed?: number
  /** Where timestamps come from (default: the system clock). */
  clock?: Clock
  /** Where the MSW handlers answer (default http://localhost:39300). */
  baseUrl?: string
  /** How many requests the journal keeps (default 10,000); past that the oldest are dropped. */
  journalLimit?: number
}

/** A running mock of the service: its store, route table, MSW handlers, streams and control plane. */
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
  /** Every request answered since the last reset, with its operation name. */
  readonly journal: Journal
  /** Failures injected into operations and streams. */
  readonly faults: Faults
  /** The scenario `reset()` goes back to. */
  readonly scenario: ScenarioName
  /** Settles when the first scenario is loaded; handlers wait for it themselves. */
  readonly ready: Promise<void>
  /**
   * Back to the current scenario: records reloaded, journal emptied, faults
   * cleared, stream clients sent fresh first frames.
   */
  reset(): Promise<void>
  /** The whole store as it is now; cheap enough for every `beforeEach`. */
  snapshot(): StoreSnapshot
  /** Brings back a snapshot; stream clients get fresh first frames. */
  restore(snapshot: StoreSnapshot): Promise<void>
  /** Switches to another scenario (and makes it the one `reset()` returns to). */
  useScenario(name: ScenarioName): Promise<void>
  /**
   * Checks the journal for the expected calls; throws a readable table of the
   * expectation, the matches and the nearest misses when they are not there.
   */
  verify(expectation: CallExpectation): JournalEntry[]
  /**
   * Makes an asset vanish as if another client had deleted it: its snapshot
   * answers 410 and every link to it is gone.
   */
  removeAsset(id: string): Promise<void>
  /**
   * Serves the identifier streams in-process (mock-socket) and makes
   * `globalThis.WebSocket` reach them until `close()`. Call it after MSW's
   * `listen()`; before it works too, since `handlers` let the streams through.
   */
  startStreams(): void
  /** Closes the in-process streams and gives `globalThis.WebSocket` back. */
  close(): void
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
  const seed = options.seed ?? 1
  const fixtures = options.fixtures ?? defaultFixtures
  const generate = options.generate
  invariant(
    !(options.fixtures && generate),
    'Failed to create the mock service: both "fixtures" and "generate" were given. Pass fixtures to load, or generator options, not both.',
  )
  let scenario: ScenarioName = options.scenario ?? 'default'
  // Validated here, so bad fixtures throw from the factory itself.
  let data: ScenarioData | Promise<ScenarioData> =
    scenario === 'default' && !generate
      ? { records: validateFixtures(fixtures), goneAssets: [] }
      : scenarioData(scenario, { fixtures, seed, generate })
  const store = createStore({
    ...(options.clock && { clock: options.clock }),
    createId: seededIds(seed),
  })
  const journal = createJournal(options.journalLimit === undefined ? {} : { limit: options.journalLimit })
  const faults = createFaults(seed)
  const operations = allOperations()
  const streamUrls = streamUrlsOf(baseUrl)
  const hub = createIdentifierHub(store, faults)
  let stopStreams: (() => void) | undefined

  async function load(pending: ScenarioData | Promise<ScenarioData>): Promise<void> {
    const next = await pending
    if (next.goneAssets.length === 0) return store.replaceAll(next.records)
    // Delete on a scratch store, so the real one switches in one step, tombstones included.
    const scratch = createStore({ clock: store.clock })
    await scratch.replaceAll(next.records)
    await scratch.write((tx) => next.goneAssets.forEach((id) => deleteAsset(tx, id)))
    const { records, gone } = scratch.snapshot()
    return store.replaceAll(records, gone)
  }

  const ready = load(data)
  const handlers = [
    ...createMswHandlers(operations, { baseUrl, store, journal, faults, ready }),
    ...createStreamPassthrough(Object.values(streamUrls)),
  ]

  return {
    baseUrl,
    store,
    operations,
    handlers,
    hub,
    streamUrls,
    journal,
    faults,
    get scenario() {
      return scenario
    },
    ready,
    async reset() {
      journal.clear()
      faults.clear()
      await load(data)
    },
    snapshot: () => store.snapshot(),
    restore: (snapshot) => store.replaceAll(snapshot.records, snapshot.gone),
    async useScenario(name) {
      const next = await scenarioData(name, { fixtures, seed, generate })
      await load(next)
      scenario = name
      data = next
    },
    verify: (expectation) => verifyCalls(journal.entries, expectation),
    removeAsset: (id) => store.write((tx) => deleteAsset(tx, id)),
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
  }
}

import type { ControlBudget } from '../control/budget/control-budget.js'
import type { CopilotReplies } from '../control/faults/copilot-replies.js'
import type { Faults } from '../control/faults/faults.js'
import type { Latency, LatencySettings } from '../control/latency/latency.js'
import type { Stubs } from '../control/stubs/stubs.js'
import type { Inspection } from '../control/inspection/inspection.js'
import type { Journal, JournalEntry } from '../control/journal/journal.js'
import type { ScenarioName } from '../seeding/scenarios.js'
import type { ServiceMachine } from '../domain/machine/service-machine.js'
import type { UpgradeRefusal } from './upgrade-refusal.js'
import type { CallExpectation } from '../control/verify/verify-calls.js'
import type { StreamExpectation } from '../control/verify/verify-streams.js'
import type { ServiceInfo } from '../domain/machine/service-info.js'
import type { StreamEndpoint } from '../events/stream-endpoint.js'
import type { StreamHub } from '../events/stream-hub.js'
import type { Answer } from '../execution/answer.js'
import type { Operation } from '../operations/define/define-operation.js'
import type { FixtureSet } from '../seeding/fixture-files.js'
import type { StoreBudget } from '../store/store-budget.js'
import type { GenerateFixturesOptions } from '../seeding/generate-fixtures.js'
import type { Clock } from '../store/clock-and-ids/clock.js'
import type { ControllableClock } from '../store/clock-and-ids/controllable-clock.js'
import type { Store, StoreSnapshot } from '../store/create-store.js'
import type { AccessPolicy } from './access-policy.js'
import type { ServiceRequest, ServiceRoute } from './service-request.js'

/** How a mock service starts: its records, seeds, clock, bounds and who may steer it. */
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
  /** Seed of new records' ids alone, when they must differ from `seed`'s (the browser mock gives each open tab its own). */
  idSeed?: number
  /** Where timestamps come from (default: the system clock); `service.clock` can freeze, set and advance it. */
  clock?: Clock
  /** How many requests the journal keeps (default 10,000); past that the oldest are dropped. */
  journalLimit?: number
  /**
   * How many bytes the journal's requests may hold in all (default 16 MiB):
   * each body counts the first 64 KiB it keeps of it; past that the oldest
   * are dropped.
   */
  journalBytes?: number
  /**
   * The largest request body taken, in bytes (default 16 MiB); a larger one
   * answers 413 before it is parsed, on every transport (the standalone
   * server and MSW refuse it by its content-length before reading it).
   */
  maxBodyBytes?: number
  /**
   * The most bytes the store's records may hold (default 512 MiB): each
   * record counts the length of its text and 16 bytes per value. A write past
   * it answers 507 and changes nothing; records to load past it (fixtures, a
   * persisted file, a restore) are refused.
   */
  maxStoreBytes?: number
  /**
   * A store budget shared with other mocks (`createStoreBudget(max)`): the
   * records of all of them count against it together; `maxStoreBytes` is then
   * not used. The standalone server shares one between its mocks.
   */
  storeBudget?: StoreBudget
  /**
   * The most bytes the control plane may hold (default 512 MiB): a quarter
   * for the journal and its response copies, which let go of their oldest
   * entries within it, the rest for faults and their bodies, scripted copilot
   * replies, and snapshots kept by id, refused past it
   * (507, nothing changed).
   */
  maxControlBytes?: number
  /**
   * A control budget shared with other mocks (`createControlBudget(max)`):
   * what the control plane of all of them holds counts against it together;
   * `maxControlBytes` is then not used. The standalone server shares one
   * between its mocks.
   */
  controlBudget?: ControlBudget
  /** Milliseconds between the chunks of a copilot answer on `/qgpt/stream` (default 0; a reply can set its own). */
  copilotPaceMs?: number
  /**
   * Leaves out the `INITIALIZED` frame that starts every answer on
   * `/qgpt/stream` (default false: it is sent, as the service sends it). For
   * the published Python SDK (`pieces_os_client` 3.0.0 to 5.0.1), whose
   * `copilot.stream_question()` stops at the first frame that is not
   * `IN-PROGRESS` and so yields no text after `INITIALIZED`; the `pieces`
   * CLI's chat view expects the frame. See docs/troubleshooting.md.
   */
  omitInitializedFrame?: boolean
  /**
   * Milliseconds between the 10 % steps of a model download (default 400: a
   * download takes 4 s, long enough to cancel by hand; 0 ends one at once, as
   * a test usually wants; `/__mock/downloads/pace` changes it).
   */
  downloadPaceMs?: number
  /**
   * How long the mock waits before answering, as a network would:
   * `{ default, perOperation, jitter }` in milliseconds (jitter seeded, so
   * runs wait alike); stream frames wait `default`, in order. Faults' own
   * `delayMs` replaces it for the requests they match. Default none.
   */
  latency?: LatencySettings
  /**
   * The version `GET /.well-known/version` answers and `POST /connect`
   * reports (default `12.3.0`, inside the range the official SDKs accept).
   */
  version?: string
  /**
   * Origins of pages, besides the mock's own, that may call the control API
   * (`/__mock`) and read its answers, e.g. `['http://localhost:5173']`. No
   * other site's page may: the service's own routes answer every origin.
   */
  allowedOrigins?: readonly string[]
}

/**
 * The mock of the service, with no transport: its store, route table,
 * identifier hub and control plane. The MSW adapter (`setupMockServer`,
 * `startBrowserMock`, `createMswAdapter`) and the standalone server serve it.
 */
export interface MockService {
  readonly store: Store
  /** The route table every runtime serves. */
  readonly operations: readonly Operation[]
  /** The version the service answers with and the id of its instance. */
  readonly info: ServiceInfo
  /** The clients of every stream and the frames sent to them, whatever their transport. */
  readonly hub: StreamHub
  /** Every WebSocket stream the service answers: identifier streams, status streams and the copilot's. */
  readonly streams: readonly StreamEndpoint[]
  /** The copilot's scripted answers: `copilot.reply('Hello')` makes the next question answer that. */
  readonly copilot: CopilotReplies
  /** Every request answered since the last reset, with its operation name. */
  readonly journal: Journal
  /** Failures injected into operations and streams. */
  readonly faults: Faults
  /** How long every answer and stream frame waits: `latency.set({ default: 200, jitter: 50 })`; `reset()` restores the `latency` option. */
  readonly latency: Latency
  /**
   * Canned answers for the requests they match, by operation (or any) or by
   * method and path, narrowed by parameters, query, headers and body:
   * `stubs.add({ operation: 'assetSnapshot', params: { asset: 'a1' }, answer: { status: 404 } })`.
   * A fault that answers comes first; `reset()` clears them.
   */
  readonly stubs: Stubs
  /** The service's machine: the OS (its parts kept in the store; applet listeners, restarts and intentions beside it), long-term memory, model downloads. */
  readonly machine: ServiceMachine
  /**
   * The mock's time: the injected clock, which can be frozen, set and
   * advanced so `readable` texts and `updated` values can be shown at any
   * time; `reset()` sets it back to the injected clock.
   */
  readonly clock: ControllableClock
  /** What the inspector reads (records, links, journal entries with their answers, streams) and its live feed. */
  readonly inspection: Inspection
  /** The scenario `reset()` goes back to. */
  readonly scenario: ScenarioName
  /** Settles when the first scenario is loaded; requests wait for it themselves. */
  readonly ready: Promise<void>
  /**
   * Back to the current scenario: records reloaded, journal emptied, faults
   * cleared, the clock back to the injected one, stream clients sent fresh
   * first frames.
   */
  reset(): Promise<void>
  /** The whole store as it is now; cheap enough for every `beforeEach`. */
  snapshot(): StoreSnapshot
  /** Brings back a snapshot; stream clients get fresh first frames. */
  restore(snapshot: StoreSnapshot): Promise<void>
  /** Switches to another scenario (and makes it the one `reset()` returns to). */
  useScenario(name: ScenarioName): Promise<void>
  /**
   * Loads another fixture set in place of the `fixtures` option, for the
   * current scenario and every `reset()` after (`--watch` calls it when a
   * fixture file changes): validated first, so a set that cannot load throws
   * naming the file, the record and the field, and changes nothing. Stream
   * clients get fresh first frames.
   */
  useFixtures(fixtures: FixtureSet): Promise<void>
  /**
   * Checks the journal for the expected calls; throws a readable table of the
   * expectation, the matches and the nearest misses when they are not there.
   */
  verify(expectation: CallExpectation | StreamExpectation): JournalEntry[]
  /**
   * Makes an asset vanish as if another client had deleted it: its snapshot
   * answers 410 and every link to it is gone.
   */
  removeAsset(id: string): Promise<void>
  /**
   * The route of a method and a path as sent (without the query), or
   * undefined. A HEAD with no route of its own takes the GET route of the
   * path, marked `head`.
   */
  route(method: string, path: string): ServiceRoute | undefined
  /** The stream served at a path (without the query), or undefined. */
  streamAt(path: string): StreamEndpoint | undefined
  /**
   * Journals a WebSocket upgrade its transport refuses, and returns what to
   * answer: the transport's own refusal when given (access policy, too many
   * connections), else the path's (501 for a stream of the official client
   * the mock does not serve, 404 for any other path).
   */
  refuseUpgrade(path: string, refusal?: UpgradeRefusal): UpgradeRefusal
  /** Answers a request on its route; never throws. A control route answers 403 to a client `access` refuses. */
  answer(route: ServiceRoute, request: ServiceRequest): Promise<Answer>
  /** Who may use the control API: transports ask it before they read a body or open a stream. */
  readonly access: AccessPolicy
  /** The largest request body `answer()` takes, in bytes: transports refuse a longer one before they read it. */
  readonly maxBodyBytes: number
  /** Disconnects every stream client, ends the MCP event streams and stops listening to the store. */
  close(): void
}

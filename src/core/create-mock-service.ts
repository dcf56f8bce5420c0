import { invariant } from 'outvariant'
import { controlRoutes, type ControlRoute } from '../control/control-routes.js'
import { createCopilotReplies, type CopilotReplies } from '../control/copilot-replies.js'
import { createFaults, type Faults } from '../control/faults.js'
import { createInspection, type Inspection } from '../control/inspection.js'
import { createJournal, type Journal, type JournalEntry } from '../control/journal.js'
import { createNamedSnapshots } from '../control/named-snapshots.js'
import { scenarioData, type ScenarioData, type ScenarioName } from '../control/scenarios.js'
import { verifyCalls, type CallExpectation } from '../control/verify-calls.js'
import { deleteAsset } from '../domain/asset-writes.js'
import { signedInUser } from '../domain/connection-writes.js'
import { isModelUsable } from '../domain/model-usability.js'
import { createServiceMachine, type ServiceMachine } from '../domain/service-machine.js'
import { downloadControlRoutes } from '../control/download-control.js'
import { serveModelDownloadStreams } from '../events/model-download-stream.js'
import { buildVisionStatus } from '../wire/vision-status.js'
import { copilotStream } from '../copilot/copilot-stream.js'
import { serveIdentifierStreams } from '../events/identifier-streams.js'
import { serveStatusStreams } from '../events/status-streams.js'
import type { StreamEndpoint } from '../events/stream-endpoint.js'
import { createStreamHub, type StreamHub } from '../events/stream-hub.js'
import { serviceInfo, type ServiceInfo } from '../domain/service-info.js'
import { createAnswerCache } from '../execution/answer-cache.js'
import { headAnswer, type Answer } from '../execution/answer.js'
import { executeOperation, type ExecutionEnvironment } from '../execution/execute-operation.js'
import type { Operation } from '../operations/define-operation.js'
import { clientCoverage, unimplementedOperations } from '../routes/client-coverage.js'
import { operationNames, type OperationName, type OperationNames } from '../routes/operation-names.js'
import { createRouter } from '../routes/router.js'
import { routeTable } from '../routes/route-table.js'
import { defaultFixtures } from '../seeding/default-fixtures.generated.js'
import type { FixtureSet } from '../seeding/fixture-files.js'
import type { GenerateFixturesOptions } from '../seeding/generate-fixtures.js'
import { validateFixtures } from '../seeding/validate-fixtures.js'
import { systemClock, type Clock } from '../store/clock.js'
import { createControllableClock, type ControllableClock } from '../store/controllable-clock.js'
import { createStore, type Store, type StoreSnapshot } from '../store/create-store.js'
import { seededIds } from '../store/seeded-ids.js'
import { createWireRenderer } from '../wire/wire-renderer.js'
import { answerControl } from './answer-control.js'

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
  /** Milliseconds between the chunks of a copilot answer on `/qgpt/stream` (default 0; a reply can set its own). */
  copilotPaceMs?: number
  /** Milliseconds between the 10 % steps of a model download (default 0; `/__mock/downloads/pace` changes it). */
  downloadPaceMs?: number
  /**
   * The version `GET /.well-known/version` answers and `POST /connect`
   * reports (default `12.3.0`, inside the range the official SDKs accept).
   */
  version?: string
}

/** Where a request was routed: an operation of the service, or a route of the control API. */
export type ServiceRoute = (
  | { readonly operation: Operation; readonly params: Readonly<Record<string, string>> }
  | { readonly control: ControlRoute; readonly params: Readonly<Record<string, string>> }
) & {
  /** Set on a HEAD routed to a GET: answered as the GET, with its status and headers and no body. */
  readonly head?: true
}

/** A request as a transport hands it over, whatever the transport. */
export interface ServiceRequest {
  readonly method: string
  /** The path as sent (percent-encoded), without the query. */
  readonly path: string
  readonly query: URLSearchParams
  /** The body as text; empty when there was none. */
  readonly body: string
  /** Whether the client is on this machine; the control API answers no other (default true: in process). */
  readonly loopback?: boolean
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
  /** Long-term memory (on or off) and the model downloads under way: the service's state beside its records. */
  readonly machine: ServiceMachine
  /** Every request answered since the last reset, with its operation name. */
  readonly journal: Journal
  /** Failures injected into operations and streams. */
  readonly faults: Faults
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
   * The route of a method and a path as sent (without the query), or
   * undefined. A HEAD with no route of its own takes the GET route of the
   * path, marked `head`.
   */
  route(method: string, path: string): ServiceRoute | undefined
  /** The stream served at a path (without the query), or undefined. */
  streamAt(path: string): StreamEndpoint | undefined
  /** Answers a request on its route; never throws. */
  answer(route: ServiceRoute, request: ServiceRequest): Promise<Answer>
  /** Disconnects every stream client and stops listening to the store. */
  close(): void
}

/**
 * Creates a mock of the Conversation and Asset Service over an in-memory
 * store; it returns at once and loads its first scenario in the background
 * (`ready`). Bad fixtures throw here, naming the file, the record and the field.
 *
 * @example
 * const service = createMockService({ seed: 42 })
 * const server = setupServer(...createMswAdapter(service).handlers)
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const seed = options.seed ?? 1
  const info = serviceInfo(options.version)
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
  const clock = createControllableClock(options.clock ?? systemClock)
  const store = createStore({ clock, createId: seededIds(options.idSeed ?? seed) })
  const operations = routeTable()
  // Built on the first name looked up: a mock that is never asked by name pays nothing for it.
  let names: OperationNames | undefined
  const resolveOperation = (name: string, doing: string) =>
    (names ??= operationNames(
      operations,
      clientCoverage(
        operations,
        streams.map((stream) => stream.path),
      ),
    )).resolve(name, doing)
  const journal = createJournal({
    ...(options.journalLimit !== undefined && { limit: options.journalLimit }),
    ...(options.journalBytes !== undefined && { bytes: options.journalBytes }),
    resolveOperation: (name) => resolveOperation(name, 'read the journal'),
  })
  const faults = createFaults(seed, (name) => resolveOperation(name, 'add a fault'))
  const hub = createStreamHub({ takeFault: (stream) => faults.takeStream(stream) })
  const copilot = createCopilotReplies()
  const renderer = createWireRenderer(store)
  const machine = createServiceMachine(store, {
    ...(options.downloadPaceMs !== undefined && { downloadPaceMs: options.downloadPaceMs }),
  })
  const frameWire = () => renderer.answer({ now: clock.now(), transferables: true, keep: false })
  const copilotHooks = {
    seed,
    takeReply: () => copilot.take(),
    modelRefusal(id: string | undefined): string | undefined {
      const model = id === undefined ? undefined : store.get('model', id)
      if (!model || isModelUsable(model)) return undefined
      return `The model "${model.name}" runs locally and is not downloaded. Download it first (POST /model/${model.id}/download), or ask a cloud model.`
    },
  }
  const identifierStreams = serveIdentifierStreams(store, hub)
  const statusStreams = serveStatusStreams(hub, {
    user() {
      const user = signedInUser(store)
      return (
        user &&
        JSON.stringify(renderer.answer({ now: clock.now(), transferables: true, keep: false }).render('user', user))
      )
    },
    lastCheckedIn: () => JSON.stringify({ value: clock.now().toISOString() }),
    visionStatus: () => JSON.stringify(buildVisionStatus(machine.vision.state(), frameWire())),
  })
  machine.vision.subscribe(() => statusStreams.visionChanged())
  const downloadStreams = serveModelDownloadStreams(hub, machine.downloads)
  const streams: readonly StreamEndpoint[] = [
    ...identifierStreams.endpoints,
    ...statusStreams.endpoints,
    copilotStream({ store, hub, paceMs: options.copilotPaceMs ?? 0, ...copilotHooks }),
  ]
  const streamsByPath = new Map(streams.map((stream) => [stream.path, stream]))
  // The user stream sends the user again whenever a write or a reload touches it.
  store.subscribe((event) => {
    if (event.type === 'replace' || event.changes.some((change) => change.kind === 'user')) statusStreams.userChanged()
  })
  const environment: ExecutionEnvironment = {
    store,
    renderer,
    answers: createAnswerCache(store),
    copilot: copilotHooks,
    machine,
    service: info,
    takeFault: (operation) => faults.take(operation),
    record: (request, answer) => journal.record(request, answer),
  }
  const inspection = createInspection({
    store,
    journal,
    faults,
    hub,
    clock,
    operations,
    resolveOperation,
    get scenario() {
      return scenario
    },
    snapshots: createNamedSnapshots({
      snapshot: () => store.snapshot(),
      restore: (snapshot) => store.replaceAll(snapshot.records, snapshot.gone),
      now: () => clock.now(),
    }),
    render: (kind, record) =>
      environment.renderer.answer({ now: clock.now(), transferables: true, keep: false }).render(kind, record),
  })

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
  const service: MockService = {
    store,
    operations,
    info,
    hub,
    streams,
    copilot,
    machine,
    journal,
    faults,
    clock,
    inspection,
    get scenario() {
      return scenario
    },
    ready,
    async reset() {
      journal.clear()
      faults.clear()
      copilot.clear()
      clock.reset()
      await load(data)
    },
    snapshot: () => store.snapshot(),
    restore: (snapshot) => store.replaceAll(snapshot.records, snapshot.gone),
    async useScenario(name) {
      const next = await scenarioData(name, { fixtures, seed, generate })
      await load(next)
      scenario = name
      data = next
      inspection.scenarioChanged()
    },
    verify: (expectation) =>
      verifyCalls(journal.entries, {
        ...expectation,
        operation: resolveOperation(expectation.operation, 'verify calls') as OperationName,
      }),
    removeAsset: (id) => store.write((tx) => deleteAsset(tx, id)),
    route(method, path) {
      const match = router.find(method, path)
      if (match) return { ...match.target, params: match.params }
      const get = method === 'HEAD' ? router.find('GET', path) : undefined
      return get && { ...get.target, params: get.params, head: true }
    },
    async answer(route, request) {
      await ready
      const answer =
        'control' in route
          ? await answerControl(route.control, route.params, request)
          : await executeOperation(
              route.operation,
              {
                method: request.method,
                path: request.path,
                params: route.params,
                query: request.query,
                body: request.body,
              },
              environment,
            )
      return route.head ? headAnswer(answer) : answer
    },
    streamAt: (path) => streamsByPath.get(path) ?? downloadStreams.at(path),
    close() {
      identifierStreams.close()
      hub.close()
    },
  }
  const router = createRouter<{ operation: Operation } | { control: ControlRoute }>([
    ...operations.flatMap((operation) =>
      operation.paths.map((path) => ({ method: operation.method, path, target: { operation } })),
    ),
    // Every other operation of the official client answers 501 naming it, journaled and fault-able like the rest.
    // In the same tree, so a client's fixed segment wins over a parameter (GET /assets/pseudo is no asset id).
    ...unimplementedOperations(
      operations,
      streams.map((stream) => stream.path),
    ).map((operation) => ({
      method: operation.method,
      path: operation.paths[0]!,
      target: { operation },
    })),
    ...downloadControlRoutes(machine.downloads).map((control) => ({
      method: control.method,
      path: control.path,
      target: { control },
    })),
    ...controlRoutes(service).map((control) => ({ method: control.method, path: control.path, target: { control } })),
  ])
  return service
}

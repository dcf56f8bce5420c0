import { controlRoutes } from '../control/api/control-routes.js'
import { createControlBudget, type ControlBudget } from '../control/budget/control-budget.js'
import { createCopilotReplies, type CopilotReplies } from '../control/faults/copilot-replies.js'
import { createFaults, type Faults } from '../control/faults/faults.js'
import { createLatency, type Latency } from '../control/latency/latency.js'
import { latencyRoutes } from '../control/api/latency-routes.js'
import { createStubs, type Stubs } from '../control/stubs/stubs.js'
import { stubRequestOf } from '../control/stubs/stub-request.js'
import { stubRoutes } from '../control/api/stub-routes.js'
import { createJournal, type Journal } from '../control/journal/journal.js'
import { downloadControlRoutes } from '../control/api/download-control.js'
import { osControlRoutes } from '../control/api/os-controls.js'
import { installersControlRoutes } from '../control/api/machine/installers-controls.js'
import { backupsControlRoutes } from '../control/api/machine/backups-controls.js'
import { verifyCalls } from '../control/verify/verify-calls.js'
import { verifyStreams } from '../control/verify/verify-streams.js'
import type { CopilotHooks } from '../domain/copilot/copilot-reply.js'
import { isModelUsable } from '../domain/machine/model-usability.js'
import { createServiceMachine, type ServiceMachine } from '../domain/machine/service-machine.js'
import { serviceInfo, type ServiceInfo } from '../domain/machine/service-info.js'
import { streamConnection, type StreamConnectionHooks } from '../events/stream-connection.js'
import { createStreamHub, type StreamClosing, type StreamHub } from '../events/stream-hub.js'
import { createAnswerCache } from '../execution/answer-cache.js'
import { DEFAULT_MAX_BODY_BYTES } from '../execution/body-limit.js'
import type { ExecutionEnvironment } from '../execution/execute-operation.js'
import { createMcpHost } from '../operations/mcp/mcp-host.js'
import { routeTable } from '../routes/route-table.js'
import { systemClock, type Clock } from '../store/clock-and-ids/clock.js'
import { createControllableClock } from '../store/clock-and-ids/controllable-clock.js'
import { createStore, type Store } from '../store/create-store.js'
import { createStoreBudget, type StoreBudget } from '../store/store-budget.js'
import { seededIds } from '../store/clock-and-ids/seeded-ids.js'
import { createWireRenderer } from '../wire/wire-renderer.js'
import { createAccessPolicy } from './access-policy.js'
import { connectionJournal } from './connection-journal.js'
import { createDispatcher, type Dispatcher } from './create-dispatcher.js'
import { serviceStreams } from './service-streams.js'
import type { MockService, MockServiceOptions } from './mock-service.js'
import { operationResolver, type ResolveOperation } from './operation-resolver.js'
import { createScenarioState } from './scenario-state.js'
import { serviceInspection } from './service-inspection.js'
import { serviceSteering } from './service-steering.js'
import { withPort } from './service-port.js'
import { upgradeRefusal } from './upgrade-refusal.js'

export type { MockService, MockServiceOptions } from './mock-service.js'

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
  const access = createAccessPolicy(options.allowedOrigins)
  const clock = createControllableClock(options.clock ?? systemClock)
  // What clients make the mock hold: records and intentions in the store's budget, the rest in the control plane's.
  const storeBudget = options.storeBudget ?? createStoreBudget(options.maxStoreBytes)
  const controlBudget = options.controlBudget ?? createControlBudget(options.maxControlBytes)
  const store = storeOf(options, clock, seed, storeBudget)
  const scenarios = createScenarioState(store, { ...options, seed })
  const operations = routeTable()
  const resolveOperation = operationResolver(operations, () => streams.paths)
  const journal = journalOf(options, resolveOperation, controlBudget)
  const faults = createFaults(seed, (name) => resolveOperation(name, 'add a fault'), controlBudget)
  const stubs = createStubs((name) => resolveOperation(name, 'add a stub'), controlBudget)
  const hub = createStreamHub({ takeFault: (stream) => faults.takeStream(stream) ?? latency.frameEffect() })
  const copilot = createCopilotReplies(controlBudget)
  const renderer = createWireRenderer(store)
  const copilotHooks = copilotHooksOf(store, copilot, seed)
  const machine = machineOf(store, hub, options, { intentions: storeBudget })
  // Every WebSocket, accepted or refused, is journaled: opened, counted and closed here, whatever the transport.
  const sessionFrames = journal.frames
  const connections = connectionJournal(clock, journal, sessionFrames)
  const copilotAnswers = copilotFrames(options)
  const info = serviceInfo(options.version)
  const streams = serviceStreams({
    ...{ store, hub, clock, renderer, copilotHooks, machine, connections, ...copilotAnswers },
    version: info.version,
  })
  // After the streams: its operation names are checked against them. The hub reads it only once frames flow.
  const latency = createLatency(seed, options.latency, (name) => resolveOperation(name, 'set the latency'))
  // The MCP server: made (module and SDK loaded) on the first MCP request, its event streams ended with the service.
  const mcp = createMcpHost({ store, version: info.version })
  const environment = environmentOf(
    { store, machine, renderer, copilotHooks, faults, stubs, latency, journal, mcp },
    info,
  )
  const inspection = serviceInspection({
    ...{ store, journal, faults, hub, clock, operations },
    ...{ renderer, resolveOperation, scenarios, sessionFrames, controlBudget, stubs, latency },
  })
  const steering = serviceSteering({
    store,
    journal,
    faults,
    stubs,
    latency,
    copilot,
    clock,
    machine,
    scenarios,
    inspection,
  })
  const control = [
    ...controlRoutes({ store, journal, faults, copilot, clock, inspection, ...steering }),
    ...osControlRoutes(machine.os),
    ...downloadControlRoutes(machine.downloads),
    ...installersControlRoutes(store),
    ...backupsControlRoutes(store),
    ...latencyRoutes(latency),
    ...stubRoutes(stubs),
  ]
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const dispatcher = createDispatcher({
    operations,
    streams,
    control,
    environment,
    access,
    ready: scenarios.ready,
    maxBodyBytes,
  })
  const refuseUpgrade = upgradeRefuser(dispatcher, connections)
  // Given a code and reason (a dropped session), the stream clients are closed with them, not just forgotten.
  const close = (closing?: StreamClosing) => {
    if (closing) streams.disconnect(closing.code, closing.reason)
    streams.close()
    hub.close(closing)
    mcp.close()
    releaseHeld({ journal, faults, stubs, copilot, machine, inspection })
  }
  const ready = scenarios.ready
  const service: MockService = {
    ...{ store, operations, info, hub, streams: streams.endpoints, copilot, journal, faults },
    ...{ stubs, latency, machine, clock },
    inspection,
    ...{ ...steering, ...dispatcher, access, ready, maxBodyBytes },
    get scenario() {
      return scenarios.current
    },
    snapshot: () => store.snapshot(),
    restore: (snapshot) => store.replaceAll(snapshot.records, snapshot.gone),
    verify: verifierOf(journal, resolveOperation),
    refuseUpgrade,
    close,
  }
  const { route, answer, answerUnknown, streamAt } = dispatcher
  return withPort(service, {
    ...{ ready, route, answer, answerUnknown, streamAt, streams: streams.endpoints, refuseUpgrade },
    ...{ access, maxBodyBytes, store, endLiveAnswers: () => mcp.close(), close },
  })
}

/** The store of a service: on its clock, with ids from its seed, within its own cap or the budget it shares. */
function storeOf(options: MockServiceOptions, clock: Clock, seed: number, budget: StoreBudget): Store {
  return createStore({ clock, createId: seededIds(options.idSeed ?? seed), budget })
}

/** Lets go of what a closing mock held, so that it leaves the budgets it shares (a dropped session's, on the standalone server). */
function releaseHeld(
  parts: Pick<MockService, 'journal' | 'faults' | 'stubs' | 'copilot' | 'machine' | 'inspection'>,
): void {
  parts.journal.close()
  parts.faults.clear()
  parts.stubs.clear()
  parts.copilot.clear()
  parts.machine.os.reset()
  for (const { id } of parts.inspection.snapshots.list()) parts.inspection.snapshots.delete(id)
}

/** `refuseUpgrade()`: a WebSocket refused is journaled like one accepted, under the stream its path names. */
function upgradeRefuser(dispatcher: Dispatcher, connections: StreamConnectionHooks): MockService['refuseUpgrade'] {
  return (path, refusal = upgradeRefusal(path)) => {
    const name = dispatcher.streamAt(path)?.name
    connections.opened(streamConnection(connections, name, path, refusal))
    return refusal
  }
}

/** The journal of a service, bounded as its options say; it names WebSockets by their client methods too. */
function journalOf(options: MockServiceOptions, resolveOperation: ResolveOperation, budget: ControlBudget): Journal {
  return createJournal({
    pool: budget.journals,
    ...(options.journalLimit !== undefined && { limit: options.journalLimit }),
    ...(options.journalBytes !== undefined && { bytes: options.journalBytes }),
    resolveOperation: (name) => resolveOperation(name, 'read the journal', true),
  })
}

/** What the executor runs operations against: the store, machine and MCP server, the read cache, faults taken and requests journaled. */
function environmentOf(
  parts: Pick<ExecutionEnvironment, 'store' | 'machine' | 'renderer' | 'mcp'> & {
    readonly copilotHooks: CopilotHooks
    readonly faults: Faults
    readonly stubs: Stubs
    readonly latency: Latency
    readonly journal: Journal
  },
  service: ServiceInfo,
): ExecutionEnvironment {
  const { store, machine, renderer, copilotHooks, faults, stubs, latency, journal, mcp } = parts
  return {
    store,
    ...(machine && { machine }),
    renderer,
    answers: createAnswerCache(store),
    copilot: copilotHooks,
    service,
    ...(mcp && { mcp }),
    takeFault: (operation) => faults.take(operation),
    latencyFor: (operation) => latency.delayFor(operation),
    takeStub: (operation, input) => (stubs.isEmpty() ? undefined : stubs.take(stubRequestOf(operation, input))),
    record: (request, answer) => journal.record(request, answer),
  }
}

/** `verify()`: calls by operation name, or WebSocket connections by stream name; throws the near-miss table. */
function verifierOf(journal: Journal, resolveOperation: ResolveOperation): MockService['verify'] {
  return (expectation) =>
    'stream' in expectation
      ? verifyStreams(journal.entries, expectation)
      : verifyCalls(journal.entries, {
          ...expectation,
          operation: resolveOperation(expectation.operation, 'verify calls'),
        })
}

/** The copilot's seed, its scripted replies, and why a model cannot answer (a local one not downloaded). */
function copilotHooksOf(store: Store, copilot: CopilotReplies, seed: number): CopilotHooks {
  return {
    seed,
    takeReply: () => copilot.take(),
    modelRefusal(id) {
      const model = id === undefined ? undefined : store.get('model', id)
      if (!model || isModelUsable(model)) return undefined
      return `The model "${model.name}" runs locally and is not downloaded. Download it first (POST /model/${model.id}/download), or ask a cloud model.`
    },
  }
}

/** How the copilot's answers are sent: the pace of their chunks, and whether `INITIALIZED` starts them. */
function copilotFrames(options: MockServiceOptions): { paceMs: number; omitInitialized: boolean } {
  return { paceMs: options.copilotPaceMs ?? 0, omitInitialized: options.omitInitializedFrame === true }
}

/** The machine of a service: a restart closes every stream client with 1012 (Service Restart); they may come back at once. */
function machineOf(
  store: Store,
  hub: StreamHub,
  options: MockServiceOptions,
  budgets: NonNullable<Parameters<typeof createServiceMachine>[1]>['budgets'],
): ServiceMachine {
  return createServiceMachine(store, {
    ...(budgets && { budgets }),
    ...(options.downloadPaceMs !== undefined && { downloadPaceMs: options.downloadPaceMs }),
    onRestart: (kind) =>
      hub.disconnectAll(1012, `PiecesOS ${kind === 'restart' ? 'is restarting' : 'was terminated'}.`),
  })
}

export { createMockService } from './core/create-mock-service.js'
export type { MockService, MockServiceOptions, ServiceRequest, ServiceRoute } from './core/create-mock-service.js'
export type { UpgradeRefusal } from './core/upgrade-refusal.js'
export { MockServiceError, statusOf } from './errors.js'
export type { MockErrorCode } from './errors.js'
export type { Answer } from './execution/answer.js'
export type { RequestRecord } from './execution/execute-operation.js'
export { fixedClock, systemClock } from './store/clock-and-ids/clock.js'
export type { Clock } from './store/clock-and-ids/clock.js'
export type { ClockState, ControllableClock } from './store/clock-and-ids/controllable-clock.js'
export type {
  RecordChange,
  RecordSet,
  Store,
  StoreCollections,
  StoreEvent,
  StoreListener,
} from './store/create-store.js'
export type { StoreSnapshot, StoreTombstones } from './store/create-store.js'
export { createStoreBudget } from './store/store-budget.js'
export type { StoreBudget } from './store/store-budget.js'
export type { RecordKind, RecordOf } from './store/schemas/schemas.js'
export { DEFAULT_SERVICE_VERSION } from './domain/machine/service-info.js'
export type { ServiceInfo } from './domain/machine/service-info.js'
export { isModelUsable } from './domain/machine/model-usability.js'
export { FIXTURE_FILES } from './seeding/fixture-files.js'
export type { FixtureSet } from './seeding/fixture-files.js'
export { FixtureError } from './seeding/fixture-error.js'
export { validateFixtures } from './seeding/validate-fixtures.js'
export { generateFixtures } from './seeding/generate-fixtures.js'
export type { GenerateFixturesOptions } from './seeding/generate-fixtures.js'
export { routeTable } from './routes/route-table.js'
export { clientCoverage, notImplementedText } from './routes/client-coverage.js'
export type { ClientOperationCoverage } from './routes/client-coverage.js'
export type { ClientApiClass, ClientOperation, ClientOperationId } from './routes/client-operations.generated.js'
export type { OperationName, ServiceOperationId } from './routes/operation-names.js'
export type {
  HttpMethod,
  Operation,
  OperationContext,
  OperationRequest,
  OperationResult,
} from './operations/define/define-operation.js'
export type { Wire } from './wire/wire-types.js'
export { recordFrames } from './events/frame-recorder.js'
export type { FrameRecorder, MessageSource } from './events/frame-recorder.js'
export { IDENTIFIER_STREAMS, SERVICE_STREAM_PATHS, STREAM_PATHS, streamUrlsOf } from './events/stream-paths.js'
export type { IdentifierStream, StreamName } from './events/stream-paths.js'
export type { IdentifierFrame } from './events/identifier-frames.js'
export type { HubEvent, StreamClient, StreamHub } from './events/stream-hub.js'
export type { StreamEndpoint, StreamSession } from './events/stream-endpoint.js'
export type { CopilotReplies } from './control/faults/copilot-replies.js'
export type { CopilotReply } from './domain/copilot/copilot-reply.js'
export { controlClient } from './control/control-client.js'
export type { ControlClient } from './control/control-client.js'
export type { Fault, FaultSpec, Faults, StreamClose, StreamFault, StreamFaultSpec } from './control/faults/faults.js'
export type { Journal, JournalEntry, JournalListener, WebSocketActivity } from './control/journal/journal.js'
export type { ResponseCopy } from './control/journal/response-copies.js'
export type {
  FaultRow,
  FrameRow,
  Inspection,
  InspectionEvent,
  InspectorOverview,
  JournalDetail,
  JournalRow,
  RecordDetail,
  RecordList,
  StreamCounts,
  VerifyOutcome,
} from './control/inspection/inspection.js'
export type { NamedSnapshots, SnapshotInfo } from './control/inspection/named-snapshots.js'
export type { RecordLink, RecordRow } from './control/inspection/record-views.js'
export { GONE_ASSET_ID, SCENARIOS } from './seeding/scenarios.js'
export { clientOperations, defaultFixtures } from './public-tables.js'
export type { ScenarioName } from './seeding/scenarios.js'
export { VerificationError, verifyCalls } from './control/verify/verify-calls.js'
export type { CallExpectation } from './control/verify/verify-calls.js'
export { verifyStreams } from './control/verify/verify-streams.js'
export type { StreamExpectation } from './control/verify/verify-streams.js'
export { PersistedStateError, parseState, serializeState } from './persistence/persisted-state.js'

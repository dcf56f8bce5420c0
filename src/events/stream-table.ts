import type { RecordKind } from '../store/schemas/schemas.js'

/** How a stream is served: from the store's ids or records, from a status source, by the copilot, or per model download. */
export type StreamKind = 'identifier' | 'records' | 'status' | 'copilot' | 'download' | 'fileRead'

/** Where a status stream reads its frames (see `StatusSources`). */
export type StatusSource =
  | 'health'
  | 'user'
  | 'lastCheckedIn'
  | 'visionStatus'
  | 'osSettings'
  | 'osUpdate'
  | 'workstreamSuggestions'
  | 'appletVersion'
  | 'ollamaStatus'
  | 'foundryStatus'
  | 'backupsProgress'
  | 'backupCreation'

/** One row of {@link STREAM_TABLE}: what every stream declares, whatever its kind. */
interface StreamRowBase {
  /** The literal WebSocket path. */
  readonly path: string
  /** What a client gets on connect, in words (the docs list it). */
  readonly first: string
  /** What the stream sends afterwards, in words (the docs list it). */
  readonly changes: string
}

/** An identifier stream: the ids of one record kind, keyed as the client's `StreamedIdentifier` names them. */
interface IdentifierStreamRow extends StreamRowBase {
  readonly kind: 'identifier'
  /** The kind of record it lists. */
  readonly record: RecordKind
  /** The official client's `StreamedIdentifier` field its frames name each record under. */
  readonly key: string
}

/** A record stream: the records of one kind in full, as the client's list model (`Assets`). */
interface RecordsStreamRow extends StreamRowBase {
  readonly kind: 'records'
  /** The kind of record it sends. */
  readonly record: 'asset'
  /** Whether its records carry their transferables (a format's fragment or file). */
  readonly transferables: boolean
}

/** A status stream: a first frame read from a source, sent again when `resendOn` records change. */
interface StatusStreamRow extends StreamRowBase {
  readonly kind: 'status'
  readonly source: StatusSource
  /** The record kind whose changes (and every store reload) send the source again to every client. */
  readonly resendOn?: RecordKind
  /** What a resend sends while the source has nothing (the user stream: `null` once no one is signed in). */
  readonly whenNone?: string
  /** With `resendOn: 'machinePart'`: the one machine part whose changes send the source again. */
  readonly resendOnPart?: string
}

/** The copilot's stream: it answers the questions a client sends. */
interface CopilotStreamRow extends StreamRowBase {
  readonly kind: 'copilot'
}

/** A model download's progress: one stream per model, its path a pattern with a `:model` parameter. */
interface DownloadStreamRow extends StreamRowBase {
  readonly kind: 'download'
}

/** A file read over a socket: each OSFileStreamingReadAttempt a client sends is answered with the file's frames. */
interface FileReadStreamRow extends StreamRowBase {
  readonly kind: 'fileRead'
}

/** One row of {@link STREAM_TABLE}. */
export type StreamRow =
  IdentifierStreamRow | RecordsStreamRow | StatusStreamRow | CopilotStreamRow | DownloadStreamRow | FileReadStreamRow

const identifier = <R extends RecordKind, K extends string>(path: string, record: R, key: K, plural: string) =>
  ({
    path,
    kind: 'identifier',
    record,
    key,
    first: `every live ${plural} id, most recently updated first`,
    changes: `one frame per created, updated or deleted ${plural} (a deletion alone, with \`"deleted": true\`); every id again after a reset, restore or scenario`,
  }) as const

/**
 * Every WebSocket stream the mock serves, one row each: its path, how it is
 * served, what the first frame is and what changes send. The hub's endpoints,
 * the stream paths and URLs, the README's stream list, the coverage map and
 * the inspector all read this table; a stream of a kind already served is one
 * row here.
 *
 * @example
 * STREAM_TABLE.messages.key // 'conversationMessage'
 */
export const STREAM_TABLE = {
  conversations: identifier('/conversations/stream/identifiers', 'conversation', 'conversation', 'conversation'),
  assets: identifier('/assets/stream/identifiers', 'asset', 'asset', 'asset'),
  messages: identifier('/messages/stream/identifiers', 'message', 'conversationMessage', 'message'),
  annotations: identifier('/annotations/stream/identifiers', 'annotation', 'annotation', 'annotation'),
  anchors: identifier('/anchors/stream/identifiers', 'anchor', 'anchor', 'anchor'),
  ranges: identifier('/ranges/stream/identifiers', 'range', 'range', 'range'),
  tags: identifier('/tags/stream/identifiers', 'tag', 'tag', 'tag'),
  websites: identifier('/websites/stream/identifiers', 'website', 'website', 'website'),
  workstreamSummaries: identifier(
    '/workstream_summaries/stream/identifiers',
    'workstreamSummary',
    'workstream_summary',
    'workstream summary',
  ),
  persons: identifier('/persons/stream/identifiers', 'person', 'person', 'person'),
  sources: identifier(
    '/workstream_pattern_engine/sources/stream/identifiers',
    'source',
    'workstreamPatternEngineSource',
    'workstream pattern-engine source',
  ),
  sourceWindows: identifier(
    '/workstream_pattern_engine/source_windows/stream/identifiers',
    'sourceWindow',
    'workstreamPatternEngineSourceWindow',
    'source window',
  ),
  formats: identifier('/formats/stream/identifiers', 'format', 'format', 'format'),
  activities: identifier('/activities/stream/identifiers', 'activity', 'activity', 'activity'),
  applications: identifier('/applications/stream/identifiers', 'application', 'application', 'application'),
  models: identifier('/models/stream/identifiers', 'model', 'model', 'model'),
  hints: identifier('/hints/stream/identifiers', 'hint', 'hint', 'hint'),
  sensitives: identifier('/sensitives/stream/identifiers', 'sensitive', 'sensitive', 'sensitive finding'),
  anchorPoints: identifier('/anchor_points/stream/identifiers', 'anchorPoint', 'anchorPoint', 'anchor point'),
  assetRecords: {
    path: '/assets/stream',
    kind: 'records',
    record: 'asset',
    transferables: false,
    first: 'every live asset in full (an `Assets`), most recently updated first, without transferables',
    changes:
      'one frame per write with the assets it created or updated; every asset again after a reset, restore or scenario',
  },
  assetRecordsWithTransferables: {
    path: '/assets/stream/transferables',
    kind: 'records',
    record: 'asset',
    transferables: true,
    first: 'every live asset in full (an `Assets`), most recently updated first, with their transferables',
    changes:
      'one frame per write with the assets it created or updated; every asset again after a reset, restore or scenario',
  },
  health: {
    path: '/.well-known/stream/health',
    kind: 'status',
    source: 'health',
    first: '`ok`',
    changes: 'nothing',
  },
  user: {
    path: '/user/stream',
    kind: 'status',
    source: 'user',
    resendOn: 'user',
    whenNone: 'null',
    first: 'the signed-in user (a `UserProfile`); nothing while no one is signed in',
    changes: 'the user again whenever it changes or the records are reloaded; `null` once no one is signed in',
  },
  userLastCheckedIn: {
    path: '/user/last_checked_in/stream',
    kind: 'status',
    source: 'lastCheckedIn',
    first: 'when the user last checked in (a `GroupedTimestamp`: now)',
    changes: 'nothing',
  },
  visionStatus: {
    path: '/workstream_pattern_engine/processors/vision/status/stream',
    kind: 'status',
    source: 'visionStatus',
    resendOn: 'machinePart',
    resendOnPart: 'longTermMemory',
    first: "the vision processor's status (a `WorkstreamPatternEngineStatus`: long-term memory off at start)",
    changes: 'the status again on each change (activate, deactivate, a reset, restore or scenario)',
  },
  qgpt: {
    path: '/qgpt/stream',
    kind: 'copilot',
    first: 'nothing',
    changes: 'each question a client sends answered: `INITIALIZED`, `QGPTStreamOutput` chunks, then `COMPLETED`',
  },
  modelDownloadProgress: {
    path: '/model/:model/download/progress',
    kind: 'download',
    first: "where the model's download is, when one is under way (a `ModelDownloadProgress`)",
    changes:
      'one frame per 10 % step, `INITIALIZED` at 0 to `COMPLETED` at 100; `CANCELED`, `FAILED` or `RESET` when it ends early',
  },
  osSettings: {
    path: '/os/settings/stream',
    kind: 'status',
    source: 'osSettings',
    resendOn: 'machinePart',
    resendOnPart: 'settings',
    first: "the service's settings (an `OSServerSettings`)",
    changes: 'the settings again on each change (an update, the control plane, a reset, restore or scenario)',
  },
  osUpdateCheck: {
    path: '/os/update/check/stream',
    kind: 'status',
    source: 'osUpdate',
    resendOn: 'machinePart',
    resendOnPart: 'osUpdate',
    first: "the service's update status (an `OSServerUpdateStatus`: `UP_TO_DATE` at start)",
    changes: 'the status again on each change (`POST /__mock/os/update`, a reset, restore or scenario)',
  },
  workstreamSuggestions: {
    path: '/workstream/suggestions/stream',
    kind: 'status',
    source: 'workstreamSuggestions',
    resendOn: 'machinePart',
    resendOnPart: 'workstreamSuggestions',
    first: 'what the workstream suggests (a `WorkstreamSuggestions`: the most recent summaries, assets, conversations)',
    changes: 'the suggestions again after each refresh (`POST /workstream/suggestions/refresh`), a reset or scenario',
  },
  appletVersion: {
    path: '/os/applet/version/stream',
    kind: 'status',
    source: 'appletVersion',
    first: "the applet's version (the service's version, as text)",
    changes: 'nothing',
  },
  osFileRead: {
    path: '/os/filesystem/file/read/streamed',
    kind: 'fileRead',
    first: 'nothing',
    changes:
      'each `OSFileStreamingReadAttempt` sent answered from the virtual file tree: `INITIALIZED`, then `COMPLETED` with the bytes, or `FAILED` for a path that is no file',
  },
  ollamaStatus: {
    path: '/ollama/status/stream',
    kind: 'status',
    source: 'ollamaStatus',
    resendOn: 'machinePart',
    resendOnPart: 'ollama',
    first:
      "Ollama's installer status (an `OllamaStatus`: the installation, the install or update under way, the update offered)",
    changes:
      "the status again on each change of Ollama's part (each 10 % step of an install, update or uninstall, the control plane) and after a reload",
  },
  foundryStatus: {
    path: '/foundry/status/stream',
    kind: 'status',
    source: 'foundryStatus',
    resendOn: 'machinePart',
    resendOnPart: 'foundry',
    first: "Foundry's installer status (a `FoundryStatus`)",
    changes:
      "the status again on each change of Foundry's part (each 10 % step of an install, update or uninstall, the control plane) and after a reload",
  },
  backupsProgress: {
    path: '/backups/streamed/progress',
    kind: 'status',
    source: 'backupsProgress',
    resendOn: 'machinePart',
    resendOnPart: 'backups',
    first: 'the progress of every backup creation and restoration (a `BackupsStreamedProgress`)',
    changes:
      'the progress again on each change of the backups part (each 10 % step, a cancel, a delete) and after a reload',
  },
  backupCreation: {
    path: '/backups/create/streamed/websocket',
    kind: 'status',
    source: 'backupCreation',
    resendOn: 'machinePart',
    resendOnPart: 'backups',
    first: "the latest backup's creation progress (a `BackupStreamedProgress`)",
    changes: 'the progress again on each change of the backups part (each 10 % step of a creation, its cancel)',
  },
} as const satisfies Record<string, StreamRow>

/** Every stream the mock serves, by name. */
export type StreamName = keyof typeof STREAM_TABLE

/** The streams of one kind, by name. */
export type StreamNameOf<K extends StreamKind> = {
  [N in StreamName]: (typeof STREAM_TABLE)[N]['kind'] extends K ? N : never
}[StreamName]

/** Every stream name, in table order. */
export const STREAM_NAMES = Object.keys(STREAM_TABLE) as StreamName[]

/**
 * The names of the streams of one kind, in table order.
 *
 * @example
 * streamsOfKind('status') // ['health', 'user', 'userLastCheckedIn', 'visionStatus']
 */
export function streamsOfKind<K extends StreamKind>(kind: K): StreamNameOf<K>[] {
  return STREAM_NAMES.filter((name) => STREAM_TABLE[name].kind === kind) as StreamNameOf<K>[]
}

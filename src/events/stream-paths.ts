import type { RecordKind } from '../store/schemas.js'

/**
 * Every identifier stream the mock serves: its WebSocket path, the kind of
 * record it lists, and the key its frames name each record under (the
 * official client's `StreamedIdentifier` field).
 *
 * @example
 * IDENTIFIER_STREAMS.messages // { path: '/messages/stream/identifiers', kind: 'message', key: 'conversationMessage' }
 */
export const IDENTIFIER_STREAMS = {
  conversations: { path: '/conversations/stream/identifiers', kind: 'conversation', key: 'conversation' },
  assets: { path: '/assets/stream/identifiers', kind: 'asset', key: 'asset' },
  messages: { path: '/messages/stream/identifiers', kind: 'message', key: 'conversationMessage' },
  annotations: { path: '/annotations/stream/identifiers', kind: 'annotation', key: 'annotation' },
  anchors: { path: '/anchors/stream/identifiers', kind: 'anchor', key: 'anchor' },
  ranges: { path: '/ranges/stream/identifiers', kind: 'range', key: 'range' },
  tags: { path: '/tags/stream/identifiers', kind: 'tag', key: 'tag' },
  websites: { path: '/websites/stream/identifiers', kind: 'website', key: 'website' },
  workstreamSummaries: {
    path: '/workstream_summaries/stream/identifiers',
    kind: 'workstreamSummary',
    key: 'workstream_summary',
  },
  formats: { path: '/formats/stream/identifiers', kind: 'format', key: 'format' },
  activities: { path: '/activities/stream/identifiers', kind: 'activity', key: 'activity' },
  applications: { path: '/applications/stream/identifiers', kind: 'application', key: 'application' },
  models: { path: '/models/stream/identifiers', kind: 'model', key: 'model' },
} as const satisfies Record<string, { readonly path: string; readonly kind: RecordKind; readonly key: string }>

/** The identifier streams of the service, named by the records they list. */
export type IdentifierStream = keyof typeof IDENTIFIER_STREAMS

/**
 * The other streams real clients open on start, and the copilot's:
 * `health` says `ok`, `user` sends the signed-in user, `userLastCheckedIn`
 * when the user last checked in, `visionStatus` the state of the vision
 * processor, and `qgpt` answers questions in chunks.
 *
 * @example
 * new WebSocket(`ws://localhost:39300${SERVICE_STREAM_PATHS.qgpt}`)
 */
export const SERVICE_STREAM_PATHS = {
  health: '/.well-known/stream/health',
  user: '/user/stream',
  userLastCheckedIn: '/user/last_checked_in/stream',
  visionStatus: '/workstream_pattern_engine/processors/vision/status/stream',
  qgpt: '/qgpt/stream',
  modelDownloadProgress: '/model/:model/download/progress',
} as const

/** Every stream the mock serves: an identifier stream, or one of {@link SERVICE_STREAM_PATHS}. */
export type StreamName = IdentifierStream | keyof typeof SERVICE_STREAM_PATHS

/**
 * The WebSocket path of every stream the mock serves.
 *
 * @example
 * STREAM_PATHS.assets // '/assets/stream/identifiers'
 */
export const STREAM_PATHS: Readonly<Record<StreamName, string>> = {
  ...(Object.fromEntries(Object.entries(IDENTIFIER_STREAMS).map(([name, stream]) => [name, stream.path])) as Record<
    IdentifierStream,
    string
  >),
  ...SERVICE_STREAM_PATHS,
}

/** Every stream name, in the order of {@link STREAM_PATHS}. */
export const STREAM_NAMES = Object.keys(STREAM_PATHS) as StreamName[]

/**
 * The `ws://` URL of every stream of a service at `baseUrl`.
 *
 * @example
 * streamUrlsOf('http://localhost:39300').conversations // 'ws://localhost:39300/conversations/stream/identifiers'
 */
export function streamUrlsOf(baseUrl: string): Record<StreamName, string> {
  const wsBase = baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')
  return Object.fromEntries(STREAM_NAMES.map((name) => [name, `${wsBase}${STREAM_PATHS[name]}`])) as Record<
    StreamName,
    string
  >
}

import { STREAM_NAMES, STREAM_TABLE, streamsOfKind, type StreamName, type StreamNameOf } from './stream-table.js'

export { STREAM_NAMES, type StreamName } from './stream-table.js'

/** The identifier streams of the service, named by the records they list. */
export type IdentifierStream = StreamNameOf<'identifier'>

type Row<N extends StreamName> = (typeof STREAM_TABLE)[N]

/**
 * Every identifier stream the mock serves: its WebSocket path, the kind of
 * record it lists, and the key its frames name each record under (the
 * official client's `StreamedIdentifier` field). Read from the stream table.
 *
 * @example
 * IDENTIFIER_STREAMS.messages // { path: '/messages/stream/identifiers', kind: 'message', key: 'conversationMessage' }
 */
export const IDENTIFIER_STREAMS = Object.fromEntries(
  streamsOfKind('identifier').map((name) => {
    const { path, record, key } = STREAM_TABLE[name]
    return [name, { path, kind: record, key }]
  }),
) as {
  readonly [N in IdentifierStream]: {
    readonly path: Row<N>['path']
    readonly kind: Row<N>['record']
    readonly key: Row<N>['key']
  }
}

/**
 * The other streams real clients open on start, and the copilot's:
 * `health` says `ok`, `user` sends the signed-in user, `userLastCheckedIn`
 * when the user last checked in, `visionStatus` the state of the vision
 * processor, and `qgpt` answers questions in chunks. Read from the stream table.
 *
 * @example
 * new WebSocket(`ws://localhost:39300${SERVICE_STREAM_PATHS.qgpt}`)
 */
export const SERVICE_STREAM_PATHS = Object.fromEntries(
  STREAM_NAMES.filter((name) => STREAM_TABLE[name].kind !== 'identifier').map((name) => [
    name,
    STREAM_TABLE[name].path,
  ]),
) as { readonly [N in Exclude<StreamName, IdentifierStream>]: Row<N>['path'] }

/**
 * The WebSocket path of every stream the mock serves.
 *
 * @example
 * STREAM_PATHS.assets // '/assets/stream/identifiers'
 */
export const STREAM_PATHS: Readonly<Record<StreamName, string>> = Object.fromEntries(
  STREAM_NAMES.map((name) => [name, STREAM_TABLE[name].path]),
) as Record<StreamName, string>

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

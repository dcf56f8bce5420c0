import type { StreamedIdentifiers } from '@pieces.app/pieces-os-client'
import type { RecordChange, Store } from '../store/create-store.js'
import type { Wire } from '../wire/wire-types.js'

/** The identifier streams of the service, named by the kind of record they carry. */
export type IdentifierStream = 'conversations' | 'assets'

/**
 * The WebSocket path of each identifier stream.
 *
 * @example
 * new WebSocket(`ws://localhost:39300${IDENTIFIER_STREAM_PATHS.assets}`)
 */
export const IDENTIFIER_STREAM_PATHS: Readonly<Record<IdentifierStream, string>> = {
  conversations: '/conversations/stream/identifiers',
  assets: '/assets/stream/identifiers',
}

/**
 * The `ws://` URL of each identifier stream of a service at `baseUrl`.
 *
 * @example
 * streamUrlsOf('http://localhost:39300').conversations // 'ws://localhost:39300/conversations/stream/identifiers'
 */
export function streamUrlsOf(baseUrl: string): Record<IdentifierStream, string> {
  const wsBase = baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')
  return {
    conversations: `${wsBase}${IDENTIFIER_STREAM_PATHS.conversations}`,
    assets: `${wsBase}${IDENTIFIER_STREAM_PATHS.assets}`,
  }
}

const KIND_OF = { conversations: 'conversation', assets: 'asset' } as const

/** One frame as it travels: a StreamedIdentifiers JSON object. */
export type IdentifierFrame = Wire<StreamedIdentifiers>

/**
 * The frame a client gets on connect: every live id of the stream's kind,
 * most recently updated first (an empty `iterable` when there are none).
 *
 * @example
 * firstFrame(store, 'conversations') // { iterable: [{ conversation: { id } }, …] }
 */
export function firstFrame(store: Store, stream: IdentifierStream): IdentifierFrame {
  const key = KIND_OF[stream]
  const records = [...store.all(key)].sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0))
  return { iterable: records.map((record) => ({ [key]: { id: record.id } })) }
}

/**
 * The frames one committed write produces on a stream: one frame per changed
 * record of the stream's kind, a deletion always alone in its frame.
 *
 * @example
 * changeFrames([{ kind: 'asset', id, type: 'deleted' }], 'assets') // [{ iterable: [{ asset: { id }, deleted: true }] }]
 */
export function changeFrames(changes: readonly RecordChange[], stream: IdentifierStream): IdentifierFrame[] {
  const key = KIND_OF[stream]
  const frames: IdentifierFrame[] = []
  for (const change of changes) {
    if (change.kind !== key) continue
    const item = { [key]: { id: change.id }, ...(change.type === 'deleted' && { deleted: true }) }
    frames.push({ iterable: [item] })
  }
  return frames
}

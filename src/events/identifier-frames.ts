import type { StreamedIdentifiers } from '@pieces.app/pieces-os-client'
import type { RecordChange, Store } from '../store/create-store.js'
import type { Wire } from '../wire/wire-types.js'
import { IDENTIFIER_STREAMS, type IdentifierStream } from './stream-paths.js'
import { mostRecentFirst } from '../store/most-recent-first.js'

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
  const { kind, key } = IDENTIFIER_STREAMS[stream]
  const records = mostRecentFirst(store.all(kind))
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
  const { kind, key } = IDENTIFIER_STREAMS[stream]
  const frames: IdentifierFrame[] = []
  for (const change of changes) {
    if (change.kind !== kind) continue
    const item = { [key]: { id: change.id }, ...(change.type === 'deleted' && { deleted: true }) }
    frames.push({ iterable: [item] })
  }
  return frames
}

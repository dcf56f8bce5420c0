import type { Store } from '../store/create-store.js'
import type { StreamEndpoint } from './stream-endpoint.js'
import type { StreamHub } from './stream-hub.js'
import { STREAM_TABLE, streamsOfKind } from './stream-table.js'

/** How the record streams render their frames: the records of some ids (all when undefined) as the wire list. */
export interface RecordStreamSources {
  /** An `Assets` frame (JSON text) of the assets of `ids`, or of every asset; with or without their transferables. */
  assets(ids: readonly string[] | undefined, transferables: boolean): string
}

/** The record streams, and the function that stops them hearing the store. */
export interface RecordStreams {
  readonly endpoints: readonly StreamEndpoint[]
  close(): void
}

/**
 * Serves every record stream of the stream table (`/assets/stream`,
 * `/assets/stream/transferables`): a client gets every record of the row's
 * kind in full on connect, then one frame per write holding the records it
 * created or updated (a deletion shows on the identifier stream, which
 * carries `deleted`), and every record again after a reset, restore or
 * scenario. Frames are rendered only while the stream has clients, and a
 * write's frame only from the records it changed.
 *
 * @example
 * const streams = serveRecordStreams(store, hub, { assets: (ids, transferables) => JSON.stringify({ iterable: [] }) })
 */
export function serveRecordStreams(store: Store, hub: StreamHub, sources: RecordStreamSources): RecordStreams {
  const names = streamsOfKind('records')
  const unsubscribe = store.subscribe((event) => {
    // A write with no stream client connected anywhere asks no stream for its clients.
    if (hub.totalClients === 0) return
    for (const name of names) {
      if (hub.clientCount(name) === 0) continue
      const { record, transferables } = STREAM_TABLE[name]
      if (event.type === 'replace') {
        hub.broadcast(name, sources.assets(undefined, transferables))
        continue
      }
      const ids = event.changes
        .filter((change) => change.kind === record && change.type !== 'deleted')
        .map((change) => change.id)
      if (ids.length > 0) hub.broadcast(name, sources.assets(ids, transferables))
    }
  })
  return {
    endpoints: names.map((name) => ({
      name,
      path: STREAM_TABLE[name].path,
      open(client) {
        const leave = hub.join(name, client, sources.assets(undefined, STREAM_TABLE[name].transferables))
        return { receive() {}, leave }
      },
    })),
    close: unsubscribe,
  }
}

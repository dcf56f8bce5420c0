import type { Store } from '../store/create-store.js'
import { changeFrames, firstFrame } from './identifier-frames.js'
import type { StreamEndpoint } from './stream-endpoint.js'
import type { StreamHub } from './stream-hub.js'
import { IDENTIFIER_STREAMS } from './stream-paths.js'
import { streamsOfKind } from './stream-table.js'

const STREAMS = streamsOfKind('identifier')

/** The identifier streams, and the function that stops them hearing the store. */
export interface IdentifierStreams {
  readonly endpoints: readonly StreamEndpoint[]
  close(): void
}

/**
 * Serves every identifier stream through the hub: a client gets every live
 * id of the stream's kind on connect, then one frame per changed record of
 * that kind (a deletion alone in its frame) as the store commits; a replaced
 * store (reset, restore, scenario) sends every client a fresh first frame.
 * The store's write path is the only source of these frames.
 *
 * @example
 * const streams = serveIdentifierStreams(store, hub)
 * streams.endpoints.find((endpoint) => endpoint.name === 'assets')?.open(client)
 */
export function serveIdentifierStreams(store: Store, hub: StreamHub): IdentifierStreams {
  const unsubscribe = store.subscribe((event) => {
    // A write with no stream client connected anywhere asks no stream for its clients.
    if (hub.totalClients === 0) return
    for (const stream of STREAMS) {
      if (hub.clientCount(stream) === 0) continue
      const frames = event.type === 'replace' ? [firstFrame(store, stream)] : changeFrames(event.changes, stream)
      for (const frame of frames) hub.broadcast(stream, JSON.stringify(frame))
    }
  })
  return {
    endpoints: STREAMS.map((name) => ({
      name,
      path: IDENTIFIER_STREAMS[name].path,
      open(client) {
        const leave = hub.join(name, client, JSON.stringify(firstFrame(store, name)))
        return { receive() {}, leave }
      },
    })),
    close: unsubscribe,
  }
}

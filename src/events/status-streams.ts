import type { Store } from '../store/create-store.js'
import type { StreamEndpoint } from './stream-endpoint.js'
import type { StreamHub } from './stream-hub.js'
import { STREAM_TABLE, streamsOfKind, type StatusSource } from './stream-table.js'

/** Where the status streams read what they send (the health stream always says `ok`). */
export interface StatusSources {
  /** The signed-in user as a wire UserProfile (JSON text), or undefined when no one is signed in. */
  user(): string | undefined
  /** When the user last checked in, as a wire GroupedTimestamp (JSON text). */
  lastCheckedIn(): string
  /** The vision processor's state, as a wire WorkstreamPatternEngineStatus (JSON text). */
  visionStatus(): string
}

/** The status streams, and the function that stops them hearing the store. */
export interface StatusStreams {
  readonly endpoints: readonly StreamEndpoint[]
  close(): void
}

/**
 * Serves every status stream of the stream table: a client gets the row's
 * source on connect (nothing while it has none, as `/user/stream` while no one
 * is signed in), and a row with `resendOn` sends its source again to every
 * client when a write changes records of that kind or the store is replaced.
 *
 * @example
 * const status = serveStatusStreams(store, hub, { user: () => JSON.stringify(profile), lastCheckedIn: () => '{"value":"…"}', visionStatus: () => '{"vision":{}}' })
 */
export function serveStatusStreams(store: Store, hub: StreamHub, sources: StatusSources): StatusStreams {
  const read: Record<StatusSource, () => string | undefined> = { health: () => 'ok', ...sources }
  const names = streamsOfKind('status')
  const unsubscribe = store.subscribe((event) => {
    for (const name of names) {
      const row: { readonly source: StatusSource; readonly resendOn?: string } = STREAM_TABLE[name]
      if (row.resendOn === undefined || hub.clientCount(name) === 0) continue
      if (event.type !== 'replace' && !event.changes.some((change) => change.kind === row.resendOn)) continue
      const frame = read[row.source]()
      if (frame !== undefined) hub.broadcast(name, frame)
    }
  })
  return {
    endpoints: names.map((name) => ({
      name,
      path: STREAM_TABLE[name].path,
      open(client) {
        const leave = hub.join(name, client, read[STREAM_TABLE[name].source]())
        return { receive() {}, leave }
      },
    })),
    close: unsubscribe,
  }
}

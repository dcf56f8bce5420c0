import type { StreamEndpoint } from './stream-endpoint.js'
import type { StreamHub } from './stream-hub.js'
import { SERVICE_STREAM_PATHS } from './stream-paths.js'

/** Where the status streams read what they send. */
export interface StatusSources {
  /** The signed-in user as a wire UserProfile (JSON text), or undefined when no one is signed in. */
  user(): string | undefined
  /** When the user last checked in, as a wire GroupedTimestamp (JSON text). */
  lastCheckedIn(): string
  /** The vision processor's state, as a wire WorkstreamPatternEngineStatus (JSON text). */
  visionStatus(): string
}

/** The status streams, and the function that re-sends the user to its clients after a change. */
export interface StatusStreams {
  readonly endpoints: readonly StreamEndpoint[]
  /** Sends the current user to every client of `/user/stream` (after the user changed), or `null` once no one is signed in. */
  userChanged(): void
  /** Sends the vision processor's state to every client of its stream (after it changed). */
  visionChanged(): void
}

/**
 * The streams real clients open on start besides the identifier streams:
 * `/.well-known/stream/health` sends `ok` on connect; `/user/stream` sends the
 * signed-in user on connect and again whenever it changes (`null` when a
 * change leaves no one signed in: the clients read it as signed out); `/user/last_checked_in/stream` sends when the user last
 * checked in; the vision status stream sends the processor's state on
 * connect and on every change.
 *
 * @example
 * const status = serveStatusStreams(hub, { user: () => JSON.stringify(profile), lastCheckedIn: () => '{"value":"…"}', visionStatus: () => '{"vision":{}}' })
 */
export function serveStatusStreams(hub: StreamHub, sources: StatusSources): StatusStreams {
  const endpoint = (name: keyof typeof SERVICE_STREAM_PATHS, first: () => string | undefined): StreamEndpoint => ({
    name,
    path: SERVICE_STREAM_PATHS[name],
    open(client) {
      const leave = hub.join(name, client, first())
      return { receive() {}, leave }
    },
  })
  return {
    endpoints: [
      endpoint('health', () => 'ok'),
      endpoint('user', () => sources.user()),
      endpoint('userLastCheckedIn', () => sources.lastCheckedIn()),
      endpoint('visionStatus', () => sources.visionStatus()),
    ],
    userChanged() {
      if (hub.clientCount('user') === 0) return
      hub.broadcast('user', sources.user() ?? 'null')
    },
    visionChanged() {
      if (hub.clientCount('visionStatus') > 0) hub.broadcast('visionStatus', sources.visionStatus())
    },
  }
}

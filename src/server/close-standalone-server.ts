import type { Server } from 'node:http'
import type { ServicePort } from '../core/service-port.js'
import type { RequestContext } from './http/answer-request.js'
import type { ServiceStreams } from './streams/attach-service-streams.js'
import type { SessionSelector } from './sessions/select-session.js'
import type { ConnectionTracker } from './http/track-connections.js'

/** What a standalone server runs, to be stopped together. */
export interface ServerParts {
  readonly server: Server
  readonly service: ServicePort
  readonly sessions: SessionSelector
  readonly streams: ServiceStreams
  readonly connections: ConnectionTracker
  readonly context: RequestContext
  /** Stops serving the default mock's launched applets. */
  readonly stopApplets: () => void
}

/**
 * Stops what serves beside the HTTP server: the streams, the inspector's
 * live feeds, the applets, the default mock and every session's (their MCP
 * event streams end with them).
 *
 * @example
 * stopServing(parts)
 */
export function stopServing(parts: ServerParts): void {
  parts.streams.close()
  parts.context.inspector.close()
  parts.stopApplets()
  parts.service.close()
  parts.sessions.close()
}

/**
 * Closes a standalone server: stops accepting connections, ends its answers'
 * connections, closes the idle and stalled ones (the others after
 * `shutdownTimeoutMs` at most), and resolves once every connection is closed
 * and the persisted file is written.
 *
 * @example
 * await closeStandaloneServer(parts, 10_000)
 */
export function closeStandaloneServer(parts: ServerParts, shutdownTimeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    parts.context.closing = true
    stopServing(parts)
    parts.server.close((error) => {
      const persisted = parts.context.persistence?.stop() ?? Promise.resolve()
      persisted.then(() => (error ? reject(error) : resolve()), reject)
    })
    parts.connections.shutdown(shutdownTimeoutMs)
  })
}

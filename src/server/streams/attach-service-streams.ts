import type { Server } from 'node:http'
import type { ServicePort } from '../../core/service-port.js'
import { attachStreamServer, type StreamDropReason } from './attach-stream-server.js'
import { clientOf } from '../http/client-of.js'
import type { SessionSelector } from '../sessions/select-session.js'
import type { StandaloneServerOptions } from '../standalone-server-options.js'

/** The standalone server's streams: how to stop them, and how many clients they dropped. */
export interface ServiceStreams {
  /** Stream clients dropped so far, by reason. */
  readonly dropped: Readonly<Record<StreamDropReason, number>>
  /** Closes every stream client and stops taking upgrades. */
  close(): void
}

/**
 * Serves the mock's streams on the server's upgrades: each by the session's
 * mock it names, behind the stream clients' own cap (`maxStreamClients`,
 * apart from HTTP's connections) and the control API's access policy,
 * counting and logging the clients dropped.
 *
 * @example
 * const streams = attachServiceStreams(server, portOf(service), { sessions, options: { maxStreamClients: 1024 } })
 * streams.close()
 */
export function attachServiceStreams(
  server: Server,
  service: ServicePort,
  parts: { sessions: SessionSelector; options: StandaloneServerOptions },
): ServiceStreams {
  const { sessions, options } = parts
  const dropped: Record<StreamDropReason, number> = { slow: 0, unresponsive: 0 }
  const close = attachStreamServer(server, service, {
    serviceFor(request) {
      const session = sessions.select(request, true)
      return 'service' in session ? session.service : undefined
    },
    log: options.log,
    bufferLimitBytes: options.streamBufferLimitBytes,
    maxClients: options.maxStreamClients,
    pingIntervalMs: options.streamPingIntervalMs,
    onDrop(reason) {
      dropped[reason]++
      options.log?.(
        reason === 'slow'
          ? 'stream client closed (1013): it stopped reading'
          : 'stream client dropped: it did not answer a ping',
      )
    },
    refusal(request) {
      const refusal = service.access.refusal((request.url ?? '/').split('?')[0]!, clientOf(request))
      return refusal ? { status: 403, text: refusal } : undefined
    },
  })
  return { dropped, close }
}

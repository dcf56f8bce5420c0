import type { StreamEndpoint } from './stream-endpoint.js'
import { streamConnection, type StreamConnectionHooks } from './stream-connection.js'

/**
 * The same endpoint, with every connection reported to `hooks.opened` when it
 * opens and again when it closes: frames sent and received are counted as
 * they go (counters, no copies) and handed to `hooks.sent` and `hooks.received`, and the close code is the one the transport
 * reports, or else the one the service closed it with (a stream fault's). Both
 * transports open sessions through it, so each connection is reported once
 * whatever carries it.
 *
 * @example
 * const streams = endpoints.map((endpoint) => recordedEndpoint(endpoint, { now: () => clock.now(), opened: (c) => journal.recordConnection(c) }))
 */
export function recordedEndpoint(endpoint: StreamEndpoint, hooks: StreamConnectionHooks): StreamEndpoint {
  return {
    name: endpoint.name,
    path: endpoint.path,
    open(client) {
      const connection = streamConnection(hooks, endpoint.name, endpoint.path)
      const changed = hooks.opened(connection)
      // The code the service closed it with, for a transport that reports none.
      let closedWith: { code: number; reason: string } | undefined
      const session = endpoint.open({
        send(frame) {
          client.send(frame)
          connection.framesSent++
          hooks.sent?.(connection, frame)
        },
        close(code, reason) {
          closedWith ??= { code, reason }
          client.close(code, reason)
        },
      })
      return {
        receive(text) {
          connection.framesReceived++
          hooks.received?.(connection, text)
          session.receive(text)
        },
        receiveBinary(byteLength) {
          connection.framesReceived++
          hooks.received?.(connection, byteLength)
          session.receiveBinary?.(byteLength)
        },
        leave(code, reason) {
          const first = !connection.closed
          if (first) {
            connection.closed = true
            connection.endedAt = performance.now()
            session.leave()
          }
          const known = code ?? closedWith?.code
          const gained = known !== undefined && connection.closeCode === undefined
          if (gained) {
            connection.closeCode = known
            const text = code === undefined ? closedWith?.reason : reason
            if (text) connection.closeReason = text
          }
          if (first || gained) changed()
        },
      }
    },
  }
}

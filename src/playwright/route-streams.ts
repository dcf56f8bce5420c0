import type { WebSocketRoute } from '@playwright/test'
import { pathUnderBase, type BaseUrlParts } from '../core/http-surface/base-url-parts.js'
import type { ServicePort } from '../core/service-port.js'
import type { RouteTarget } from './route-http.js'

/**
 * Serves the service's streams (identifiers, status, copilot) to the page
 * through Playwright's WebSocket routing: each WebSocket the page opens to a
 * stream under the base URL opens a session of that stream, with no server
 * behind it; any other WebSocket is left alone.
 *
 * @example
 * await routeStreams(page, portOf(service), baseUrlParts('http://localhost:39300'))
 */
export async function routeStreams(
  target: RouteTarget,
  port: Pick<ServicePort, 'streamAt'>,
  base: BaseUrlParts,
): Promise<void> {
  const endpointAt = (url: URL) => {
    const path = pathUnderBase(base, url)
    return path === undefined ? undefined : port.streamAt(path)
  }
  const matches = (url: URL) => endpointAt(url) !== undefined

  await target.routeWebSocket(matches, (socket: WebSocketRoute) => {
    const endpoint = endpointAt(new URL(socket.url()))
    if (!endpoint) return socket.close({ code: 1011, reason: 'No stream here.' })
    const session = endpoint.open({
      send: (frame) => socket.send(frame),
      close: (code, reason) => socket.close({ code, reason }),
    })
    socket.onMessage((message) => {
      if (typeof message === 'string') session.receive(message)
      else session.receiveBinary?.(message.byteLength)
    })
    socket.onClose((code, reason) => session.leave(code, reason))
  })
}

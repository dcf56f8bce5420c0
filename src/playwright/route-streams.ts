import type { WebSocketRoute } from '@playwright/test'
import type { MockService } from '../core/create-mock-service.js'
import type { BaseUrlParts } from './base-url-parts.js'
import type { RouteTarget } from './route-http.js'

/**
 * Serves the service's streams (identifiers, status, copilot) to the page
 * through Playwright's WebSocket routing: each WebSocket the page opens to a
 * stream under the base URL opens a session of that stream, with no server
 * behind it; any other WebSocket is left alone.
 *
 * @example
 * await routeStreams(page, service, baseUrlParts('http://localhost:39300'))
 */
export async function routeStreams(
  target: RouteTarget,
  service: Pick<MockService, 'streamAt'>,
  base: BaseUrlParts,
): Promise<void> {
  const pathOf = (url: URL) =>
    base.prefix === '' || url.pathname.startsWith(`${base.prefix}/`) ? url.pathname.slice(base.prefix.length) : ''
  const matches = (url: URL) => url.origin === base.wsOrigin && service.streamAt(pathOf(url)) !== undefined

  await target.routeWebSocket(matches, (socket: WebSocketRoute) => {
    const endpoint = service.streamAt(pathOf(new URL(socket.url())))
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

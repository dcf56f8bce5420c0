import { createMockService, type MockService, type MockServiceOptions } from '../core/create-mock-service.js'
import { baseUrlParts } from '../core/http-surface/base-url-parts.js'
import { portOf } from '../core/service-port.js'
import { streamUrlsOf, type StreamName } from '../events/stream-paths.js'
import { routeHttp, type RouteTarget } from './route-http.js'
import { routeStreams } from './route-streams.js'

/** Where the mock answers when no `baseUrl` is given: the service's own port. */
const DEFAULT_BASE_URL = 'http://localhost:39300'

/** How a page's mock starts: the service's options and the URL it answers at. */
export interface PlaywrightMockOptions extends MockServiceOptions {
  /** Where the page reaches the mock, e.g. `http://localhost:39300` (the default) or `http://localhost:1000/api`. */
  baseUrl?: string
  /**
   * Strict mode (default true): a request under the base URL that no
   * operation answers gets 404 naming it and the nearest operations, and is
   * journaled under the operation name `unknown`, instead of going on to the
   * network.
   */
  strict?: boolean
}

/** A mock of the service the page reaches through Playwright's routing: its store, journal, faults, copilot and control. */
export interface PlaywrightMock extends MockService {
  /** Where the page reaches it. */
  readonly baseUrl: string
  /** Every stream the page can open, e.g. `ws://localhost:39300/conversations/stream/identifiers`. */
  readonly streamUrls: Readonly<Record<StreamName, string>>
  /** Removes the HTTP route and closes the streams; the WebSocket route stays until its page or context closes. */
  close(): void
}

/**
 * Creates a mock service of its own and serves it to a page or a browser
 * context through `route` and `routeWebSocket`: no server, no service worker,
 * nothing shared with any other test. Resolves once the routes are in place
 * and the first scenario is loaded.
 *
 * @example
 * const mock = await routeMock(page, { baseUrl: 'http://localhost:39300' })
 * await page.goto('http://localhost:39300/app')
 * mock.verify({ operation: 'ConversationsCreateSpecificConversation', times: 1 })
 */
export async function routeMock(target: RouteTarget, options: PlaywrightMockOptions = {}): Promise<PlaywrightMock> {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  const base = baseUrlParts(baseUrl)
  const service = createMockService(options)
  const port = portOf(service)
  const unroute = await routeHttp(target, port, base, options.strict ?? true)
  await routeStreams(target, port, base)
  await service.ready
  // The service's own members (its `scenario` getter included) stay reachable through the prototype.
  return Object.assign(Object.create(service) as MockService, {
    baseUrl,
    streamUrls: streamUrlsOf(baseUrl),
    close() {
      unroute().catch(() => undefined)
      service.close()
    },
  })
}

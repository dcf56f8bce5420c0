import { createRequire } from 'node:module'
import type { WebSocket as NodeWebSocket } from 'ws'
import { createMockService, type MockService, type MockServiceOptions } from '../core/create-mock-service.js'
import { portOf } from '../core/service-port.js'
import { createMswAdapter, type MswAdapter, type MswAdapterOptions } from '../msw/create-msw-adapter.js'
import { mockServerHost, type HostedMock, type MockServerHost } from './mock-server-host.js'

export interface SetupMockServerOptions extends MockServiceOptions, MswAdapterOptions {
  /**
   * What MSW does with a request no handler answers (default 'error'): at the
   * mock's base URL this mock's choice, elsewhere the strictest of the mocks
   * listening. WebSockets to URLs the mock does not serve always pass through.
   */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
}

/** The mock service behind MSW's `setupServer`, for Node tests. */
export interface MockServer extends MockService, Omit<MswAdapter, 'startStreams' | 'stopStreams'> {
  /**
   * The MSW server the mock answers through, shared by every mock in the
   * process (msw/node lets one `setupServer()` intercept at a time): use it for
   * `server.use()` overrides; `resetHandlers()` keeps every mock's handlers.
   */
  readonly server: MockServerHost['server']
  /** Drops `server.use()` overrides (`server.resetHandlers()`), then resets the service to its current scenario. */
  reset(): Promise<void>
  /**
   * Starts intercepting requests and the identifier streams; resolves when the
   * fixtures are loaded. Fails when another MSW `setupServer()` is already
   * listening, naming the recipe that serves the mock from that server.
   */
  listen(): Promise<void>
  /** Stops the streams, then this mock's handlers; the last mock to close stops intercepting. */
  close(): void
}

/**
 * Creates the mock service and serves it through MSW. Several mocks on
 * different base URLs answer side by side in one process.
 *
 * @example
 * const mock = setupMockServer()
 * beforeAll(() => mock.listen())
 * afterEach(() => mock.reset())
 * afterAll(() => mock.close())
 */
export function setupMockServer(options: SetupMockServerOptions = {}): MockServer {
  const service = createMockService(options)
  const msw = createMswAdapter(service, options)
  const handlers = msw.handlers
  const host = mockServerHost()
  const hosted: HostedMock = {
    baseUrl: msw.baseUrl,
    strategy: options.onUnhandledRequest ?? 'error',
    handlers,
  }
  let listening = false
  // `ws` loads only when a test opens a socket the mock does not serve on a runtime without a global WebSocket.
  const loadNodeWebSocket = () =>
    (createRequire(import.meta.url)('ws') as { WebSocket: typeof NodeWebSocket }).WebSocket
  // The service's own members (its `scenario` getter included) stay reachable through the prototype.
  return Object.assign(Object.create(service) as MockService, {
    baseUrl: msw.baseUrl,
    streamUrls: msw.streamUrls,
    handlers,
    server: host.server,
    async reset() {
      host.server.resetHandlers()
      await service.reset()
    },
    async listen() {
      if (!listening) {
        host.join(hosted)
        listening = true
        // Ours goes on top of MSW's WebSocket patch and comes off first (see decisions/0003);
        // other URLs reach what was there before, or the `ws` client where there was nothing (Node 20).
        msw.startStreams({ loadFallback: loadNodeWebSocket })
      }
      await service.ready
    },
    close() {
      msw.stopStreams()
      // The MCP event streams it answered end with the interception.
      portOf(service).endLiveAnswers()
      if (listening) host.leave(hosted)
      listening = false
    },
  })
}

import { setupServer } from 'msw/node'
import { WebSocket as NodeWebSocket } from 'ws'
import { createMockService, type MockService, type MockServiceOptions } from '../core/create-mock-service.js'
import { createMswAdapter, type MswAdapter, type MswAdapterOptions } from '../msw/create-msw-adapter.js'
import { scopedUnhandled } from '../msw/scoped-unhandled.js'

export interface SetupMockServerOptions extends MockServiceOptions, MswAdapterOptions {
  /**
   * What MSW does with a request to the mock's base URL that no operation
   * answers (default 'error'). Requests elsewhere are left to your own
   * handlers, another mock, or the network.
   */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
}

type SetupServerApi = ReturnType<typeof setupServer>

/** The mock service behind MSW's `setupServer`, for Node tests. */
export interface MockServer extends MockService, Omit<MswAdapter, 'startStreams' | 'stopStreams'> {
  readonly server: SetupServerApi
  /** Starts intercepting requests and the identifier streams; resolves when the fixtures are loaded. */
  listen(): Promise<void>
  /** Stops the streams, then stops intercepting requests. */
  close(): void
}

/**
 * Creates the mock service and an MSW server with its handlers.
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
  const server = setupServer(...msw.handlers)
  const onUnhandled = options.onUnhandledRequest ?? 'error'
  // The service's own members (its `scenario` getter included) stay reachable through the prototype.
  return Object.assign(Object.create(service) as MockService, {
    baseUrl: msw.baseUrl,
    streamUrls: msw.streamUrls,
    handlers: msw.handlers,
    server,
    listen() {
      // msw 3 reads `onUnhandledFrame` (requests and WebSocket connections); msw 2 reads `onUnhandledRequest`.
      server.listen(scopedUnhandled(msw.baseUrl, onUnhandled) as Parameters<SetupServerApi['listen']>[0])
      // Ours goes on top of MSW's WebSocket patch and comes off first (see decisions/0003);
      // other URLs reach what was there before, or the `ws` client where there was nothing (Node 20).
      msw.startStreams({ fallback: NodeWebSocket })
      return service.ready
    },
    close() {
      msw.stopStreams()
      server.close()
    },
  })
}

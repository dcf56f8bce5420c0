import { setupServer } from 'msw/node'
import { createMockService, type MockService, type MockServiceOptions } from '../core/create-mock-service.js'
import { createMswAdapter, type MswAdapter, type MswAdapterOptions } from '../msw/create-msw-adapter.js'

export interface SetupMockServerOptions extends MockServiceOptions, MswAdapterOptions {
  /** What MSW does with requests no handler answers (default 'error'). */
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
      // msw 3 reads `onUnhandledFrame` for WebSocket frames; msw 2 ignores it.
      server.listen({ onUnhandledRequest: onUnhandled, onUnhandledFrame: onUnhandled } as Parameters<
        SetupServerApi['listen']
      >[0])
      // Ours goes on top of MSW's WebSocket patch and comes off first (see decisions/0003).
      msw.startStreams()
      return service.ready
    },
    close() {
      msw.stopStreams()
      server.close()
    },
  })
}

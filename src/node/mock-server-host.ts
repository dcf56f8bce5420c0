import type { RequestHandler } from 'msw'
import * as mswNode from 'msw/node'
import { scopedUnhandled, type UnhandledScope } from '../msw/scoped-unhandled.js'

type SetupServerApi = ReturnType<typeof mswNode.setupServer>

/** One mock's share of the host: its handlers, its base URL and its unhandled-request strategy. */
export interface HostedMock extends UnhandledScope {
  readonly handlers: readonly RequestHandler[]
}

/** The one MSW server every `setupMockServer()` in the process listens through. */
export interface MockServerHost {
  readonly server: SetupServerApi
  /** Adds a mock's handlers, and starts listening if no mock was. */
  join(mock: HostedMock): void
  /** Takes a mock's handlers off, and stops listening after the last. */
  leave(mock: HostedMock): void
  /** Throws the recipe error when another `setupServer` took the interception over since `join()`. */
  assertListening(): void
}

// Symbol.for: every copy of the package in the process shares the host.
const HOST = Symbol.for('conversation-asset-mock.msw-host')

const RECIPE =
  "Only one MSW setupServer() intercepts at a time (msw/node shares one interceptor between them, and the last to listen() takes it over). Serve the mock from your own server instead: const msw = createMswAdapter(createMockService()); const server = setupServer(...msw.handlers, ...yourHandlers); server.listen(); msw.startStreams(). See 'Beside your own MSW handlers' in the README."

/**
 * The process's mock server host, made on first use: several mocks on
 * different base URLs answer side by side through one MSW server, because
 * msw/node lets only one `setupServer()` intercept at a time.
 *
 * @example
 * const host = mockServerHost()
 * host.join({ baseUrl, strategy: 'error', handlers: msw.handlers })
 */
export function mockServerHost(): MockServerHost {
  const global = globalThis as { [HOST]?: MockServerHost }
  return (global[HOST] ??= createHost())
}

function createHost(): MockServerHost {
  const server = mswNode.setupServer()
  const mocks: HostedMock[] = []
  let ours: readonly unknown[] = []
  const reset = () => server.resetHandlers(...mocks.flatMap((mock) => mock.handlers))
  return {
    server,
    join(mock) {
      if (mocks.length === 0) {
        if (frameListeners().length > 0) {
          throw new Error(`Failed to start the mock server: another MSW setupServer() is already listening. ${RECIPE}`)
        }
        mocks.push(mock)
        reset()
        server.listen(scopedUnhandled(() => mocks) as Parameters<SetupServerApi['listen']>[0])
        ours = frameListeners()
        return
      }
      mocks.push(mock)
      reset()
    },
    leave(mock) {
      const index = mocks.indexOf(mock)
      if (index === -1) return
      mocks.splice(index, 1)
      reset()
      if (mocks.length === 0) {
        server.close()
        ours = []
      }
    },
    assertListening() {
      const now = frameListeners()
      if (mocks.length > 0 && ours.length > 0 && !ours.some((listener) => now.includes(listener))) {
        throw new Error(
          `Failed to answer through the mock server: another MSW setupServer() listened after it. ${RECIPE}`,
        )
      }
    },
  }
}

/**
 * The listeners on the interceptor source every `setupServer()` of msw 2
 * shares (empty where msw does not expose it): one while some server listens.
 */
function frameListeners(): readonly unknown[] {
  const options = (mswNode as { defaultNetworkOptions?: { sources?: unknown[] } }).defaultNetworkOptions
  const source = options?.sources?.[0] as { emitter?: { listeners?(type: string): unknown[] } } | undefined
  // A copy: the emitter hands out its live list.
  return [...(source?.emitter?.listeners?.('frame') ?? [])]
}

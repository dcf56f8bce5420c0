import { mockServerHost } from '../node/mock-server-host.js'
import { setupMockServer, type MockServer, type SetupMockServerOptions } from '../node/setup-mock-server.js'

/** A hook of Jest's (`beforeAll`, `afterEach`, …): it runs the function, awaiting what it returns. */
type JestHook = (run: () => unknown) => void

/** The four lifecycle hooks `useMockServer` registers, as Jest provides them. */
export interface JestHooks {
  readonly beforeAll: JestHook
  readonly beforeEach: JestHook
  readonly afterEach: JestHook
  readonly afterAll: JestHook
}

/** What `useMockServer` takes: the mock's options, and Jest's hooks where they are not globals. */
export interface UseMockServerOptions extends SetupMockServerOptions {
  /**
   * Jest's hooks, for a project with `injectGlobals: false`: `{ beforeAll, beforeEach, afterEach,
   * afterAll }` imported from `@jest/globals`. Default: the globals Jest injects.
   */
  readonly hooks?: JestHooks
}

const HOOKS = ['beforeAll', 'beforeEach', 'afterEach', 'afterAll'] as const

/**
 * Wires the mock into the current Jest suite in one line: listen before all
 * tests, reset after each (records, journal, faults, and `server.use()`
 * overrides), close after all. A test fails up front, naming the recipe that
 * works, when another MSW `setupServer()` took the interception over. Jest
 * needs msw's Babel recipe for msw's ES-module dependencies
 * (docs/troubleshooting.md#jest).
 *
 * @example
 * const { useMockServer } = require('conversation-asset-mock/jest')
 * const mock = useMockServer()
 * it('loads conversations', async () => {
 *   await fetch(`${mock.baseUrl}/conversations`).then((response) => response.json())
 *   mock.verify({ operation: 'conversationsSnapshot', times: 1 })
 * })
 */
export function useMockServer(options: UseMockServerOptions = {}): MockServer {
  const { hooks: given, ...mockOptions } = options
  const hooks = given ?? jestGlobals()
  const mock = setupMockServer(mockOptions)
  hooks.beforeAll(() => mock.listen())
  hooks.beforeEach(() => mockServerHost().assertListening())
  hooks.afterEach(() => mock.reset())
  hooks.afterAll(() => mock.close())
  return mock
}

/** Jest's hooks from the globals it injects; fails naming the option when they are not there. */
function jestGlobals(): JestHooks {
  const scope = globalThis as Partial<Record<(typeof HOOKS)[number], unknown>>
  const missing = HOOKS.filter((name) => typeof scope[name] !== 'function')
  if (missing.length > 0) {
    throw new Error(
      `Failed to wire the mock into Jest: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not a global here (outside a Jest test file, or with injectGlobals: false). Call useMockServer() in a test file, or hand the hooks in: useMockServer({ hooks: { beforeAll, beforeEach, afterEach, afterAll } }) with them imported from '@jest/globals'.`,
    )
  }
  return scope as JestHooks
}

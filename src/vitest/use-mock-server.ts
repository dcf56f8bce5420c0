import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { mockServerHost } from '../node/mock-server-host.js'
import { setupMockServer, type MockServer, type SetupMockServerOptions } from '../node/setup-mock-server.js'

/**
 * Wires the mock into the current vitest suite in one line: listen before all
 * tests, reset after each (records, journal, faults, and `server.use()`
 * overrides), close after all. A test
 * fails up front, naming the recipe that works, when another MSW
 * `setupServer()` took the interception over.
 *
 * @example
 * const mock = useMockServer()
 * it('loads conversations', async () => {
 *   await renderApp()
 *   mock.verify({ operation: 'conversationsSnapshot', times: 1 })
 * })
 */
export function useMockServer(options: SetupMockServerOptions = {}): MockServer {
  const mock = setupMockServer(options)
  beforeAll(() => mock.listen())
  beforeEach(() => mockServerHost().assertListening())
  afterEach(() => mock.reset())
  afterAll(() => mock.close())
  return mock
}

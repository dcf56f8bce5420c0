import { afterAll, afterEach, beforeAll } from 'vitest'
import { setupMockServer, type MockServer, type SetupMockServerOptions } from '../node/setup-mock-server.js'

/**
 * Wires the mock into the current vitest suite in one line: listen before all
 * tests, reset after each (records, journal, faults), close after all.
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
  afterEach(() => mock.reset())
  afterAll(() => mock.close())
  return mock
}

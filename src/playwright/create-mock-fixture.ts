import type { BrowserContext } from '@playwright/test'
import { routeMock, type PlaywrightMock, type PlaywrightMockOptions } from './route-mock.js'

/** The fixture function `test.extend` takes: it routes a fresh mock into the test's browser context. */
export type MockFixture = (
  args: { context: BrowserContext },
  use: (mock: PlaywrightMock) => Promise<void>,
) => Promise<void>

/**
 * A Playwright test fixture giving each test its own mock (records, journal,
 * faults, copilot script) in its browser context, so that tests running in
 * parallel workers never see each other's writes. Automatic: every page of
 * the test reaches the mock, whether the test names `mock` or not.
 *
 * @example
 * export const test = base.extend<{ mock: PlaywrightMock }>({
 *   mock: createMockFixture({ baseUrl: 'http://localhost:39300' }),
 * })
 */
export function createMockFixture(options: PlaywrightMockOptions = {}): [MockFixture, { auto: true }] {
  const fixture: MockFixture = async ({ context }, use) => {
    const mock = await routeMock(context, options)
    try {
      await use(mock)
    } finally {
      mock.close()
    }
  }
  return [fixture, { auto: true }]
}

import { readFile } from 'node:fs/promises'
import { test as base } from '@playwright/test'
import { createMockFixture, type PlaywrightMock } from 'conversation-asset-mock/playwright'

/** Where the app under test is served: Playwright answers it from app/index.html, no server needed. */
export const APP_URL = 'http://app.localhost/'

const page = readFile(new URL('../app/index.html', import.meta.url), 'utf8')

export const test = base.extend<{ mock: PlaywrightMock; app: void }>({
  // Each test gets its own mock of the service at http://localhost:39300, routed into its browser context.
  mock: createMockFixture({ baseUrl: 'http://localhost:39300' }),
  app: [
    async ({ context }, use) => {
      await context.route(APP_URL, async (route) => route.fulfill({ contentType: 'text/html', body: await page }))
      await use()
    },
    { auto: true },
  ],
})

export { expect } from '@playwright/test'

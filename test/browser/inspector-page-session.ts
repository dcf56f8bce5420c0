import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchChromium } from './launch-chromium.js'

/** How long a test waits for the page to catch up with the mock. */
export const LIVE = { timeout: 15_000 }
export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 390, height: 844 }

/** One Chromium and one standalone mock for a test file, and how it opens the inspector page. */
export interface InspectorPageSession {
  /** The file's standalone mock, started before its first test. */
  readonly server: StandaloneServer
  /** The inspector page in a fresh browser context (closed after the test), its records drawn. */
  open(size: { readonly width: number; readonly height: number }, colorScheme?: 'light' | 'dark'): Promise<Page>
  /** A fresh browser context for a page of the test's own (closed after the test). */
  newContext(options: BrowserContextOptions): Promise<BrowserContext>
}

/**
 * Registers a test file's hooks: Chromium and a standalone mock started before
 * all tests and closed after them, each test's browser context closed after it,
 * then `cleanUp` (what the file's tests leave behind on the mock).
 */
export function useInspectorPage({
  cleanUp,
}: { cleanUp?: (server: StandaloneServer) => unknown } = {}): InspectorPageSession {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  let server: StandaloneServer | undefined
  beforeAll(async () => {
    ;[browser, server] = await Promise.all([launchChromium(), startStandaloneServer({ port: 0 })])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()])
  })
  afterEach(async () => {
    await context?.close()
    context = undefined
    if (server) await cleanUp?.(server)
  })
  return {
    get server() {
      return server!
    },
    async newContext(options) {
      await context?.close()
      context = await browser!.newContext(options)
      return context
    },
    async open(size, colorScheme = 'light') {
      // axe-core is added as a script: the page's content security policy would refuse it.
      const page = await (await this.newContext({ viewport: size, bypassCSP: true, colorScheme })).newPage()
      await page.goto(`${server!.url}/__mock/ui`)
      await page.locator('ul[aria-label="records"] li').first().waitFor(LIVE)
      return page
    },
  }
}

import type { Browser, BrowserContext, Page } from 'playwright-core'
import { routeMock, useMockSession } from 'conversation-asset-mock/playwright'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../browser/launch-chromium.js'

const APP = 'http://app.localhost/'
const SERVICE = 'http://localhost:39300'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** A context whose page is a blank app page on another origin than the mock's. */
async function appPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  await context.route(APP, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title>' }),
  )
  const page = await context.newPage()
  return { context, page }
}

/** Creates a conversation from the page, at the service's URL, and returns its id. */
function createFromPage(page: Page, base: string, name: string): Promise<string> {
  return page.evaluate(
    async ([base, name]) => {
      const response = await fetch(`${base}/conversations/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'COPILOT', name }),
      })
      return ((await response.json()) as { id: string }).id
    },
    [base, name] as const,
  )
}

describe('routeMock in a browser context', () => {
  it('answers each context from its own mock: a write in one is not seen in the other', async () => {
    const first = await appPage()
    const second = await appPage()
    try {
      const mockA = await routeMock(first.context, { baseUrl: SERVICE })
      const mockB = await routeMock(second.context, { baseUrl: SERVICE })
      await Promise.all([first.page.goto(APP), second.page.goto(APP)])

      const id = await createFromPage(first.page, SERVICE, 'Only in the first')

      expect(mockA.store.get('conversation', id)?.name).toBe('Only in the first')
      expect(mockB.store.get('conversation', id)).toBeUndefined()
      const seenBySecond = await second.page.evaluate(
        async (url) => (await fetch(url)).text(),
        `${SERVICE}/conversations`,
      )
      expect(seenBySecond).not.toContain('Only in the first')
      mockA.verify({ operation: 'conversationsCreateSpecificConversation', times: 1 })
    } finally {
      await Promise.all([first.context.close(), second.context.close()])
    }
  })

  it('serves the identifier stream to the page’s WebSocket: its first frame lists every conversation of the mock', async () => {
    const { context, page } = await appPage()
    try {
      const mock = await routeMock(context, { baseUrl: SERVICE })
      await page.goto(APP)
      const firstFrameIds = await page.evaluate(
        (url) =>
          new Promise<number>((resolve) => {
            const socket = new WebSocket(url)
            socket.onmessage = (event) =>
              resolve((JSON.parse(String(event.data)) as { iterable: unknown[] }).iterable.length)
          }),
        mock.streamUrls.conversations,
      )
      expect(firstFrameIds).toBe(mock.store.count('conversation'))
    } finally {
      await context.close()
    }
  })

  it('journals the request headers the page sent, credentials redacted', async () => {
    const { context, page } = await appPage()
    try {
      const mock = await routeMock(context, { baseUrl: SERVICE })
      await page.goto(APP)
      await page.evaluate(async (base) => {
        const answer = await fetch(`${base}/conversations`, {
          headers: { 'x-trace': 't1', authorization: 'Bearer abc' },
        })
        await answer.text()
      }, SERVICE)
      const entry = mock.journal.entries.at(-1)
      expect(entry?.requestHeaders).toContainEqual(['x-trace', 't1'])
      expect(entry?.requestHeaders).toContainEqual(['authorization', '[redacted]'])
      expect(entry?.responseHeaders?.[0]?.[0]).toBe('content-type')
    } finally {
      await context.close()
    }
  })

  it('lets a route added after the mock answer a path the service does not route', async () => {
    const { context, page } = await appPage()
    try {
      await routeMock(context, { baseUrl: SERVICE })
      // Playwright asks the newest route first.
      await context.route(`${SERVICE}/not-the-service`, (route) => route.fulfill({ body: 'from the app' }))
      await page.goto(APP)
      const text = await page.evaluate(async (url) => (await fetch(url)).text(), `${SERVICE}/not-the-service`)
      expect(text).toBe('from the app')
    } finally {
      await context.close()
    }
  })

  it('with strict: false, leaves the requests the service does not route to the routes before it', async () => {
    const { context, page } = await appPage()
    try {
      await context.route(`${SERVICE}/not-the-service`, (route) => route.fulfill({ body: 'from the app' }))
      await routeMock(context, { baseUrl: SERVICE, strict: false })
      await page.goto(APP)
      const text = await page.evaluate(async (url) => (await fetch(url)).text(), `${SERVICE}/not-the-service`)
      expect(text).toBe('from the app')
    } finally {
      await context.close()
    }
  })
})

describe('useMockSession on the standalone server', () => {
  it('gives the context’s page a session of its own through the mock-session cookie', async () => {
    const server = await startStandaloneServer({ port: 0 })
    const context = await browser.newContext()
    try {
      const session = await useMockSession(context, server.url, 'browser-session')
      const page = await context.newPage()
      await page.goto(`${server.url}/.well-known/health`)
      const id = await createFromPage(page, server.url, 'In the session')

      expect(server.service.store.get('conversation', id)).toBeUndefined()
      const inSession = await fetch(`${server.url}/conversations`, { headers: { 'x-mock-session': session } })
      expect(await inSession.text()).toContain('In the session')
    } finally {
      await context.close()
      await server.close()
    }
  })
})

describe('routeMock in strict mode', () => {
  it('answers a typo under the base URL 404 naming the nearest operation, and journals it, instead of the network', async () => {
    const { context, page } = await appPage()
    try {
      const mock = await routeMock(context, { baseUrl: SERVICE })
      await page.goto(APP)
      const answer = await page.evaluate(async (url) => {
        const response = await fetch(url)
        return { status: response.status, text: await response.text() }
      }, `${SERVICE}/asset/x/formatz`)
      expect(answer.status).toBe(404)
      expect(answer.text).toContain('Did you mean asset_formats (GET /asset/{asset}/formats)')
      expect(mock.journal.entries.at(-1)).toMatchObject({ operation: 'unknown', path: '/asset/x/formatz' })
      mock.close()
    } finally {
      await context.close()
    }
  })
})

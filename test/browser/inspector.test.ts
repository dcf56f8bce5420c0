import type * as PiecesClient from '@pieces.app/pieces-os-client'
import { Configuration, ConversationsApi, ResponseError } from '@pieces.app/pieces-os-client'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { buildTestPage, type TestPage } from './build-test-page.js'
import { launchChromium } from './launch-chromium.js'

// The inspector in headless Chromium, in both places: the page the standalone server serves at
// /__mock/ui, and the panel startBrowserMock({ inspector: true }) mounts over an app's page (the
// esbuild-built test page, bundled with code splitting as an app's bundler would). Playwright's
// CSS and text locators reach into the inspector's open shadow root.

/** What a test does to the mock the inspector shows, from outside the inspector. */
interface Client {
  /** Lists the conversations through the official client; resolves with the status answered. */
  listConversations(): Promise<number>
  /** Creates a conversation through the official client; resolves with its id. */
  createConversation(name: string): Promise<string>
  /** Connects a client to the conversations identifier stream. */
  connectStream(): Promise<void>
}

const LIVE = { timeout: 10_000 }

let browser: Browser
let context: BrowserContext | undefined

beforeAll(async () => {
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

afterEach(async () => {
  await context?.close()
  context = undefined
})

async function newPage(): Promise<Page> {
  context = await browser.newContext()
  return context.newPage()
}

const tab = (scope: Locator | Page, name: string) => scope.locator(`nav button[role="tab"]:text-is("${name}")`)

/**
 * Drives the inspector as a person would, checking each view follows the mock
 * live: the fixture conversations, a request's journal row, a fault added in
 * the inspector answering the next request, a created conversation's frame,
 * and `readable` moving on with the clock.
 */
async function exerciseInspector(scope: Locator | Page, client: Client): Promise<void> {
  // The fixture conversations.
  await expect.poll(() => scope.locator('ul[aria-label="records"] li').count(), LIVE).toBe(8)
  await scope.locator('ul[aria-label="records"] button', { hasText: 'Center a card with CSS grid' }).click()
  await scope.locator('[aria-label="wire form"]', { hasText: '"name": "Center a card with CSS grid"' }).waitFor(LIVE)

  // A request through the official client, and its journal row.
  await tab(scope, 'Journal').click()
  expect(await client.listConversations()).toBe(200)
  await scope
    .locator(
      '[role="listbox"][aria-label="journal"] [role="option"][data-operation="conversationsSnapshot"][data-status="200"]',
    )
    .waitFor(LIVE)

  // A fault added in the inspector answers the next request.
  await tab(scope, 'Steering').click()
  const form = scope.locator('form[aria-label="add fault"]')
  await form.locator('input[aria-label="fault operation"]').fill('conversationsSnapshot')
  await form.locator('input[aria-label="fault status"]').fill('503')
  await form.locator('input[aria-label="fault times"]').fill('1')
  await form.locator('button[type="submit"]').click()
  await scope
    .locator('section[aria-label="faults"] li', { hasText: 'conversationsSnapshot: answers 503' })
    .waitFor(LIVE)
  expect(await client.listConversations()).toBe(503)
  await scope.locator('section[aria-label="faults"]', { hasText: 'No faults waiting.' }).waitFor(LIVE)
  await tab(scope, 'Journal').click()
  await scope
    .locator(
      '[role="listbox"][aria-label="journal"] [role="option"][data-operation="conversationsSnapshot"][data-status="503"]',
    )
    .waitFor(LIVE)

  // A created conversation's frame, sent to the connected client.
  await client.connectStream()
  await tab(scope, 'Streams').click()
  await scope.locator('[aria-label="conversations stream"]', { hasText: /^.*1 client connected/ }).waitFor(LIVE)
  const id = await client.createConversation('Seen on the stream')
  await scope
    .locator('table[aria-label="frames"] tr[data-stream="conversations"]', {
      hasText: `{"iterable":[{"conversation":{"id":"${id}"}}]}`,
    })
    .waitFor(LIVE)

  // The clock moves on, and so does the record's readable text.
  await tab(scope, 'Records').click()
  await scope.locator('input[aria-label="search records"]').fill('Seen on the stream')
  await scope.locator('ul[aria-label="records"] button', { hasText: 'Seen on the stream' }).click()
  const wire = scope.locator('[aria-label="wire form"]')
  await wire.filter({ hasText: '"readable": "Just now..."' }).waitFor(LIVE)
  await tab(scope, 'Steering').click()
  await scope.locator('section[aria-label="clock"] button', { hasText: 'Freeze' }).click()
  await scope.locator('section[aria-label="clock"]', { hasText: 'Frozen at' }).waitFor(LIVE)
  await scope.locator('section[aria-label="clock"] button', { hasText: '+1 day' }).click()
  await tab(scope, 'Records').click()
  await wire.filter({ hasText: '"readable": "yesterday"' }).waitFor(LIVE)
  expect(await wire.textContent()).not.toContain('Just now...')
}

describe('the inspector page of the standalone server (/__mock/ui)', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server?.close())

  it('shows the records, the journal, faults, frames and the clock live, and steers the mock', async () => {
    const page = await newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${server.url}/__mock/ui`)
    const api = new ConversationsApi(new Configuration({ basePath: server.url }))
    const sockets: NodeWebSocket[] = []
    await exerciseInspector(page, {
      async listConversations() {
        try {
          await api.conversationsSnapshot({})
          return 200
        } catch (error) {
          if (error instanceof ResponseError) return error.response.status
          throw error
        }
      },
      createConversation: async (name) =>
        (await api.conversationsCreateSpecificConversation({ seededConversation: { type: 'COPILOT', name } })).id,
      async connectStream() {
        const socket = new NodeWebSocket(server.streamUrls.conversations)
        sockets.push(socket)
        await new Promise((resolve) => socket.once('message', resolve))
      },
    })
    for (const socket of sockets) socket.close()
    expect(errors).toEqual([])
  }, 90_000)
})

describe('the inspector panel over an app page (startBrowserMock({ inspector: true }))', () => {
  let site: TestPage

  beforeAll(async () => {
    site = await buildTestPage()
  }, 60_000)
  afterAll(() => site?.close())

  async function openApp(page: Page, search: string): Promise<string[]> {
    const chunks: string[] = []
    page.on('request', (request) => request.url().includes('/chunks/') && chunks.push(request.url()))
    await page.goto(`${site.url}/index.html${search}`)
    await page.waitForFunction(() => (window as { mockReady?: boolean }).mockReady === true, undefined, {
      timeout: 15_000,
    })
    return chunks
  }

  const launcher = (page: Page) => page.locator('button[aria-label="Open the conversation-asset-mock inspector"]')
  const panel = (page: Page) => page.locator('[role="dialog"][aria-label="conversation-asset-mock inspector"]')

  it('is closed to a button, opens into a panel that follows and steers the mock, and stays open across reloads', async () => {
    const page = await newPage()
    const chunks = await openApp(page, '?inspector')
    await launcher(page).waitFor(LIVE)
    expect(await panel(page).count()).toBe(0)
    // The button is in the page; the panel's code is not fetched until it opens.
    expect(chunks.filter((url) => url.includes('inspector'))).toEqual([])
    await launcher(page).click()
    await panel(page).waitFor(LIVE)
    expect(chunks.filter((url) => url.includes('inspector'))).toHaveLength(1)

    const base = 'http://localhost:39300'
    await exerciseInspector(panel(page), {
      listConversations: () =>
        page.evaluate(async (basePath) => {
          const { pieces } = window as unknown as { pieces: typeof PiecesClient }
          try {
            await new pieces.ConversationsApi(new pieces.Configuration({ basePath })).conversationsSnapshot({})
            return 200
          } catch (error) {
            return (error as { response: Response }).response.status
          }
        }, base),
      createConversation: (name) =>
        page.evaluate(
          async ([basePath, conversationName]) => {
            const { pieces } = window as unknown as { pieces: typeof PiecesClient }
            const api = new pieces.ConversationsApi(new pieces.Configuration({ basePath }))
            return (
              await api.conversationsCreateSpecificConversation({
                seededConversation: { type: 'COPILOT', name: conversationName! },
              })
            ).id
          },
          [base, name],
        ),
      connectStream: () =>
        page.evaluate(async (basePath) => {
          const socket = new WebSocket(`${basePath.replace('http', 'ws')}/conversations/stream/identifiers`)
          await new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }))
          Object.assign(window, { streamClient: socket })
        }, base),
    })

    await page.reload()
    await page.waitForFunction(() => (window as { mockReady?: boolean }).mockReady === true)
    await panel(page).waitFor(LIVE)
    await panel(page).locator('button[aria-label="Close the inspector"]').click()
    await launcher(page).waitFor(LIVE)
    await page.reload()
    await page.waitForFunction(() => (window as { mockReady?: boolean }).mockReady === true)
    await launcher(page).waitFor(LIVE)
    expect(await panel(page).count()).toBe(0)
  }, 120_000)

  it('is not in the page until asked for: its code loads only with the option or the devtools call', async () => {
    const page = await newPage()
    const chunks = await openApp(page, '')
    const main = await (await page.request.get(`${site.url}/main.js`)).text()
    expect(main).not.toContain('Delete from another client')
    expect(await launcher(page).count()).toBe(0)
    // A chunk may have loaded for something else; none of them is the inspector's yet.
    expect(chunks.filter((url) => url.includes('inspector'))).toEqual([])

    await page.evaluate(() =>
      (
        window as unknown as { conversationAssetMock: { openInspector(): Promise<unknown> } }
      ).conversationAssetMock.openInspector(),
    )
    await panel(page).waitFor(LIVE)
    expect(chunks.filter((url) => url.includes('inspector'))).toHaveLength(1)
    await expect.poll(() => panel(page).locator('ul[aria-label="records"] li').count(), LIVE).toBe(8)
  }, 60_000)
})

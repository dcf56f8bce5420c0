import type * as PiecesClient from '@pieces.app/pieces-os-client'
import type { recordFrames } from 'conversation-asset-mock'
import type { BrowserMock, startBrowserMock } from 'conversation-asset-mock/browser'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEchoServer } from '../msw/start-echo-server.js'
import { buildTestPage, type TestPage } from './build-test-page.js'
import { launchChromium } from './launch-chromium.js'

// Runs in headless Chromium (Debian's package, see scripts/ensure-chromium.sh).
// Each test drives the official client inside the page; `window.conversationAssetMock`
// is the control object the mock exposes for the devtools console.
declare global {
  interface Window {
    pieces: typeof PiecesClient
    recordFrames: typeof recordFrames
    conversationAssetMock: BrowserMock
    savedState(key: string): Promise<string | undefined>
    startBrowserMock: typeof startBrowserMock
    mockReady?: boolean
  }
}

let site: TestPage
let browser: Browser
let page: Page

async function openPage(search = '', context?: BrowserContext): Promise<Page> {
  const opened = await (context ?? browser).newPage()
  const errors: string[] = []
  opened.on('pageerror', (error) => errors.push(error.message))
  await opened.goto(`${site.url}/index.html${search}`)
  await opened
    .waitForFunction(() => window.mockReady === true, undefined, { timeout: 15_000 })
    .catch((error: Error) => {
      throw new Error(`The page never started the mock: ${errors.join('; ') || error.message}`)
    })
  return opened
}

beforeAll(async () => {
  site = await buildTestPage()
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

describe('the mock in a real browser (Chromium)', () => {
  beforeEach(async () => {
    page = await openPage()
  })

  it('answers the official client through the service worker', async () => {
    const names = await page.evaluate(async () => {
      const api = new window.pieces.ConversationsApi(
        new window.pieces.Configuration({ basePath: 'http://localhost:39300' }),
      )
      const { iterable } = await api.conversationsSnapshot({})
      return iterable.map((conversation) => conversation.name)
    })
    expect(names).toHaveLength(8)
    expect(names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true)
  })

  it('writes conversations and assets and reads them back', async () => {
    const result = await page.evaluate(async () => {
      const configuration = new window.pieces.Configuration({ basePath: 'http://localhost:39300' })
      const created = await new window.pieces.ConversationsApi(configuration).conversationsCreateSpecificConversation({
        seededConversation: { type: 'COPILOT', name: 'From the browser' },
      })
      const read = await new window.pieces.ConversationApi(configuration).conversationGetSpecificConversation({
        conversation: created.id,
      })
      const asset = await new window.pieces.AssetsApi(configuration).assetsCreateNewAsset({
        seed: {
          type: 'SEEDED_ASSET',
          asset: {
            application: {
              id: 'app',
              name: 'OPEN_SOURCE',
              version: '1',
              platform: 'WEB',
              onboarded: false,
              privacy: 'OPEN',
            },
            format: { fragment: { string: { raw: 'console.log("hi")' }, metadata: { ext: 'js' } } },
          },
        },
      })
      const snapshot = await new window.pieces.AssetApi(configuration).assetSnapshot({ asset: asset.id })
      return {
        name: read.name,
        created: read.created.value instanceof Date,
        language: snapshot.original.reference?.classification.specific,
      }
    })
    expect(result).toEqual({ name: 'From the browser', created: true, language: 'js' })
  })

  it('answers 410 once an asset is removed', async () => {
    const statuses = await page.evaluate(async () => {
      const mock = window.conversationAssetMock
      const [asset] = mock.store.all('asset')
      const before = (await fetch(`http://localhost:39300/asset/${asset!.id}`)).status
      await mock.removeAsset(asset!.id)
      const after = await fetch(`http://localhost:39300/asset/${asset!.id}`)
      return { before, after: after.status, text: await after.text() }
    })
    expect(statuses).toEqual({ before: 200, after: 410, text: 'Asset no longer exists and is Gone.' })
  })

  it('delivers identifier frames to a WebSocket opened by page code', async () => {
    const frames = await page.evaluate(async () => {
      const mock = window.conversationAssetMock
      const socket = new WebSocket(mock.streamUrls.conversations)
      const recorder = window.recordFrames(socket)
      const first = await recorder.next()
      const api = new window.pieces.ConversationsApi(
        new window.pieces.Configuration({ basePath: 'http://localhost:39300' }),
      )
      const created = await api.conversationsCreateSpecificConversation({})
      const next = await recorder.next()
      await api.conversationsDeleteSpecificConversation({ conversation: created.id })
      const deletion = await recorder.next()
      socket.close()
      return { first: first.iterable.length, next, deletion, id: created.id }
    })
    expect(frames.first).toBe(8)
    expect(frames.next).toEqual({ iterable: [{ conversation: { id: frames.id } }] })
    expect(frames.deletion).toEqual({ iterable: [{ conversation: { id: frames.id }, deleted: true }] })
  })

  it("lets the page's other WebSockets reach their real servers while the mock serves its streams", async () => {
    const echo = await startEchoServer()
    try {
      const answers = await page.evaluate(async (url) => {
        const socket = new WebSocket(url)
        const echoed = await new Promise<string>((resolve) => {
          socket.addEventListener('open', () => socket.send('from the page'))
          socket.addEventListener('message', (event) => resolve(String(event.data)))
          socket.addEventListener('error', () => resolve('error event'))
        })
        socket.close()
        const stream = new WebSocket(window.conversationAssetMock.streamUrls.assets)
        const first = await window.recordFrames(stream).next()
        stream.close()
        return { echoed, streamed: first.iterable.length }
      }, echo.url)
      expect(answers).toEqual({ echoed: 'echo: from the page', streamed: 12 })
    } finally {
      await echo.close()
    }
  })

  it('refuses a second mock on the page, naming the recipe that serves two', async () => {
    const message = await page.evaluate(() =>
      window.startBrowserMock({ baseUrl: 'http://localhost:2000', expose: false }).then(
        () => 'started',
        (error: Error) => error.message,
      ),
    )
    expect(message).toMatch(
      /^Failed to start the browser mock: one is already running on this page.*setupWorker\(\.\.\.createMswAdapter/,
    )
  })

  it('says to run npx msw init when the worker script is missing', async () => {
    const message = await page.evaluate(() => {
      window.conversationAssetMock.stop()
      return window.startBrowserMock({ serviceWorkerUrl: '/missing/mockServiceWorker.js', quiet: true }).then(
        () => 'started',
        (error: Error) => error.message,
      )
    })
    expect(message).toMatch(
      /^Failed to start the browser mock: MSW's worker script is not at \/missing\/mockServiceWorker\.js \(the page answers 404 .*\)\. Run `npx msw init <public dir> --save`/,
    )
  })

  it('exposes the control object on window for the devtools console', async () => {
    const journal = await page.evaluate(async () => {
      const mock = window.conversationAssetMock
      mock.faults.add({ operation: 'conversationsIdentifiersSnapshot', status: 503, times: 1 })
      const failed = (await fetch('http://localhost:39300/conversations/identifiers')).status
      await mock.reset()
      return { failed, afterReset: mock.journal.entries.length, faults: mock.faults.list().length }
    })
    expect(journal).toEqual({ failed: 503, afterReset: 0, faults: 0 })
  })
})

describe('demo persistence in the browser', () => {
  it('keeps records across reloads when persist is on, and forgets them on reset', async () => {
    const first = await openPage('?persist=demo-state')
    const id = await first.evaluate(async () => {
      const api = new window.pieces.ConversationsApi(
        new window.pieces.Configuration({ basePath: 'http://localhost:39300' }),
      )
      return (
        await api.conversationsCreateSpecificConversation({ seededConversation: { type: 'COPILOT', name: 'Kept' } })
      ).id
    })
    await first.reload()
    await first.waitForFunction(() => window.mockReady === true)
    const kept = await first.evaluate(
      (conversation) => window.conversationAssetMock.store.get('conversation', conversation)?.name,
      id,
    )
    expect(kept).toBe('Kept')
    await first.evaluate(() => window.conversationAssetMock.reset())
    await first.reload()
    await first.waitForFunction(() => window.mockReady === true)
    const afterReset = await first.evaluate(
      (conversation) => window.conversationAssetMock.store.get('conversation', conversation),
      id,
    )
    expect(afterReset).toBeUndefined()
    await first.close()
  })

  it('keeps a large state (the large scenario, about 12 MB of JSON) across reloads in IndexedDB, with no uncaught error', async () => {
    const opened = await openPage('?persist=large-state&scenario=large')
    const errors: string[] = []
    opened.on('pageerror', (error) => errors.push(error.message))
    const before = await opened.evaluate(async () => {
      const api = new window.pieces.ConversationsApi(
        new window.pieces.Configuration({ basePath: 'http://localhost:39300' }),
      )
      await api.conversationsCreateSpecificConversation({
        seededConversation: { type: 'COPILOT', name: 'Big and kept' },
      })
      return window.conversationAssetMock.store.count('conversation')
    })
    // Each read waits for the writes IndexedDB has queued before it.
    const size = await opened.evaluate(async () => {
      for (;;) {
        const saved = await window.savedState('large-state')
        if (saved?.includes('Big and kept')) return saved.length
      }
    })
    expect(size).toBeGreaterThan(10_000_000)
    await opened.reload()
    await opened.waitForFunction(() => window.mockReady === true, undefined, { timeout: 20_000 })
    const after = await opened.evaluate(() => ({
      count: window.conversationAssetMock.store.count('conversation'),
      kept: [...window.conversationAssetMock.store.all('conversation')].some(
        (conversation) => conversation.name === 'Big and kept',
      ),
    }))
    expect(after).toEqual({ count: before, kept: true })
    expect(errors).toEqual([])
    await opened.close()
  })

  it('keeps two tabs in step: a record made in one shows in the other, and their new ids never collide', async () => {
    const context = await browser.newContext()
    try {
      const [first, second] = [
        await openPage('?persist=two-tabs', context),
        await openPage('?persist=two-tabs', context),
      ]
      const create = (tab: Page, name: string) =>
        tab.evaluate(async (title) => {
          const api = new window.pieces.ConversationsApi(
            new window.pieces.Configuration({ basePath: 'http://localhost:39300' }),
          )
          return (
            await api.conversationsCreateSpecificConversation({ seededConversation: { type: 'COPILOT', name: title } })
          ).id
        }, name)
      const seen = (tab: Page, id: string) =>
        tab.waitForFunction(
          (wanted) => window.conversationAssetMock.store.get('conversation', wanted) !== undefined,
          id,
          {
            timeout: 10_000,
          },
        )

      const fromFirst = await create(first, 'From the first tab')
      await seen(second, fromFirst)
      const fromSecond = await create(second, 'From the second tab')
      expect(fromSecond).not.toBe(fromFirst)
      await seen(first, fromSecond)
      // Both at once, before either has heard of the other's.
      const [third, fourth] = await Promise.all([create(first, 'Third'), create(second, 'Fourth')])
      expect(new Set([fromFirst, fromSecond, third, fourth]).size).toBe(4)
    } finally {
      await context.close()
    }
  })

  it('refuses a corrupt saved state, keeps it, and starts from the fixtures', async () => {
    const opened = await openPage('?persist=broken-state')
    await opened.evaluate(() =>
      localStorage.setItem(
        'broken-state',
        '{"format":"conversation-asset-mock/state","version":1,"records":{"conversation":[{"id":1}]}}',
      ),
    )
    const messages: string[] = []
    opened.on('console', (message) => messages.push(message.text()))
    await opened.reload()
    await opened.waitForFunction(() => window.mockReady === true)
    const state = await opened.evaluate(() => ({
      count: window.conversationAssetMock.store.count('conversation'),
      saved: localStorage.getItem('broken-state'),
    }))
    expect(state.count).toBe(8)
    expect(state.saved).toContain('"id":1')
    expect(messages.join('\n')).toContain('Failed to load the persisted state in localStorage["broken-state"]')
    await opened.close()
  })
})

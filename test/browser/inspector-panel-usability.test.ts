import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeFindings } from './axe.js'
import { buildTestPage, type TestPage } from './build-test-page.js'
import { launchChromium } from './launch-chromium.js'

// The inspector panel over an app's page (startBrowserMock({ inspector: true })) at a desktop's
// size and a phone's: its code fetched on the first open only, toggled from the keyboard, focus
// moved in and given back, resized and docked, the state exported and imported as a zip, stubs
// and latency steered in the page's own mock, with no
// serious accessibility findings in either theme.

const LIVE = { timeout: 15_000 }
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

let browser: Browser
let context: BrowserContext | undefined
let site: TestPage

beforeAll(async () => {
  ;[browser, site] = await Promise.all([launchChromium(), buildTestPage()])
}, 60_000)
afterAll(async () => {
  await Promise.all([browser?.close(), site?.close()])
})
afterEach(async () => {
  await context?.close()
  context = undefined
})

/** Opens the app with the inspector's button; answers the inspector chunks fetched so far. */
async function openApp(size: (typeof SIZES)[number], search = '?inspector'): Promise<{ page: Page; chunks: string[] }> {
  context = await browser.newContext({ viewport: size })
  const page = await context.newPage()
  const chunks: string[] = []
  page.on('request', (request) => request.url().includes('/chunks/inspector') && chunks.push(request.url()))
  await page.goto(`${site.url}/index.html${search}`)
  await page.waitForFunction(() => (window as { mockReady?: boolean }).mockReady === true, undefined, LIVE)
  return { page, chunks }
}

const launcher = (page: Page) => page.locator('button[aria-label="Open the conversation-asset-mock inspector"]')
const panel = (page: Page) => page.locator('[role="dialog"][aria-label="conversation-asset-mock inspector"]')
/** What has focus, looking into the inspector's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const inner = document.getElementById('conversation-asset-mock-inspector')?.shadowRoot?.activeElement
    return inner ? (inner.getAttribute('aria-label') ?? inner.textContent) : document.activeElement?.id
  })

describe.each(SIZES)('the inspector panel at $width×$height', (size) => {
  it('fetches its code on the first open only, toggles with Alt+Shift+M, takes focus and gives it back on Escape', async () => {
    const { page, chunks } = await openApp(size)
    await launcher(page).waitFor(LIVE)
    expect(chunks).toEqual([])

    await page.evaluate(() => {
      const field = Object.assign(document.createElement('input'), { id: 'app-field' })
      document.body.append(field)
      field.focus()
    })
    await page.keyboard.press('Alt+Shift+M')
    await panel(page).waitFor(LIVE)
    expect(chunks).toHaveLength(1)
    await expect.poll(() => focused(page), LIVE).toBe('Records')

    await page.keyboard.press('Escape')
    await launcher(page).waitFor(LIVE)
    expect(await panel(page).isVisible()).toBe(false)
    expect(await focused(page)).toBe('app-field')

    await launcher(page).click()
    await panel(page).waitFor(LIVE)
    await page.keyboard.press('Alt+Shift+M')
    await launcher(page).waitFor(LIVE)
    // Opened and closed twice, fetched once.
    expect(chunks).toHaveLength(1)
  }, 60_000)

  it('has no serious or critical accessibility findings, and its button stays clear of the right-hand corner', async () => {
    const { page } = await openApp(size)
    const button = await launcher(page).boundingBox()
    expect(button!.x + button!.width).toBeLessThan(size.width / 2)
    expect(button!.height).toBeGreaterThanOrEqual(24)
    await launcher(page).click()
    await panel(page).locator('ul[aria-label="records"] li').first().waitFor(LIVE)
    expect(await seriousAxeFindings(page, '#conversation-asset-mock-inspector')).toEqual([])
    await panel(page).locator('[role="tab"]:text-is("Steering")').click()
    await panel(page).locator('section[aria-label="faults"]').waitFor(LIVE)
    expect(await seriousAxeFindings(page, '#conversation-asset-mock-inspector')).toEqual([])
  }, 60_000)
  it('keeps AA contrast in the dark theme, its own frame and a pressed control included', async () => {
    const { page } = await openApp(size)
    await page.emulateMedia({ colorScheme: 'dark' })
    await launcher(page).click()
    await panel(page).locator('ul[aria-label="records"] li').first().waitFor(LIVE)
    const background = await panel(page).evaluate(
      (element) => getComputedStyle(element.querySelector('.cam')!).backgroundColor,
    )
    expect(background).toBe('rgb(22, 26, 34)')
    await panel(page).locator('[role="tab"]:text-is("Journal")').click()
    await panel(page).locator('button', { hasText: 'Pause' }).click()
    await panel(page).locator('button[aria-pressed="true"]', { hasText: 'Resume' }).waitFor(LIVE)
    expect(await seriousAxeFindings(page, '#conversation-asset-mock-inspector')).toEqual([])
  }, 60_000)
})

describe('the inspector panel on a desktop', () => {
  it('puts its button in the corner the app asks for', async () => {
    const { page } = await openApp(SIZES[0], '?inspector=top-right')
    const button = (await launcher(page).boundingBox())!
    expect(button.y).toBeLessThan(100)
    expect(button.x).toBeGreaterThan(SIZES[0].width - 200)
  }, 60_000)

  it('exports the state as a zipped fixtures directory and imports it back into the mock in the page', async () => {
    const { page } = await openApp(SIZES[0])
    const conversations = () =>
      page.evaluate(() =>
        (
          window as unknown as { conversationAssetMock: { store: { count(kind: string): number } } }
        ).conversationAssetMock.store.count('conversation'),
      )
    const count = await conversations()
    await launcher(page).click()
    await panel(page).locator('[role="tab"]:text-is("Steering")').click()
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      panel(page).locator('button', { hasText: 'Export state (.zip)' }).click(),
    ])
    expect(saved.suggestedFilename()).toBe('conversation-asset-mock-state.zip')
    const zip = await readFile(await saved.path())
    const files = unzipSync(zip)
    expect(JSON.parse(strFromU8(files['conversation-asset-mock-state/conversations.json']!))).toHaveLength(count)

    await panel(page).locator('select[aria-label="scenario"]').selectOption('empty')
    await panel(page).locator('button', { hasText: 'Switch scenario' }).click()
    await expect.poll(conversations, LIVE).toBe(0)
    await panel(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'state.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) })
    await expect.poll(conversations, LIVE).toBe(count)
  }, 60_000)

  it('adds a stub from its Steering that the app’s next request gets, and sets the latency of the mock in the page', async () => {
    const { page } = await openApp(SIZES[0])
    /** What the app's `fetch` of a path of the mock answers. */
    const answerOf = (path: string) =>
      page.evaluate(async (path) => {
        const { baseUrl } = (window as unknown as { conversationAssetMock: { baseUrl: string } }).conversationAssetMock
        const answer = await fetch(`${baseUrl}${path}`)
        return { status: answer.status, body: await answer.text() }
      }, path)
    const real = await answerOf('/conversations')
    await launcher(page).click()
    await panel(page).locator('[role="tab"]:text-is("Steering")').click()
    const stubs = panel(page).locator('section[aria-label="stubs"]')
    await stubs.locator('text=No stubs waiting.').waitFor(LIVE)
    await panel(page).locator('[aria-label="stub path"]').fill('/conversations')
    await panel(page).locator('[aria-label="stub answer body"]').fill('{"in": "the page"}')
    await panel(page).locator('button', { hasText: 'Add stub' }).click()
    await stubs.locator('ul[aria-label="stubs waiting"] li', { hasText: 'GET /conversations' }).waitFor(LIVE)
    expect(await answerOf('/conversations')).toEqual({ status: 200, body: '{"in":"the page"}' })

    await stubs.locator('button[aria-label^="remove stub-"]').click()
    await stubs.locator('text=No stubs waiting.').waitFor(LIVE)
    expect(await answerOf('/conversations')).toEqual(real)

    const latency = panel(page).locator('section[aria-label="latency"]')
    await panel(page).locator('[aria-label="latency default"]').fill('5')
    await latency.locator('button', { hasText: 'Set latency' }).click()
    await latency.locator('p', { hasText: 'Every answer waits 5 ms.' }).waitFor(LIVE)
    const settings = await page.evaluate(() =>
      (
        window as unknown as { conversationAssetMock: { latency: { settings(): unknown } } }
      ).conversationAssetMock.latency.settings(),
    )
    expect(settings).toEqual({ default: 5 })
  }, 60_000)

  it('resizes from the keyboard and docks on the right, and keeps both across a reload', async () => {
    const { page } = await openApp(SIZES[0])
    await launcher(page).click()
    const handle = panel(page).locator('[role="separator"][aria-label="Resize the inspector"]')
    const before = Number(await handle.getAttribute('aria-valuenow'))
    await handle.focus()
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe(before + 48)
    expect((await panel(page).boundingBox())!.height).toBe(before + 48)

    await panel(page).locator('button[aria-label="Dock the inspector on the right"]').click()
    await expect.poll(async () => (await panel(page).boundingBox())!.x, LIVE).toBeGreaterThan(0)
    const docked = (await panel(page).boundingBox())!
    expect(docked.y).toBe(0)
    expect(docked.x + docked.width).toBe(SIZES[0].width)

    await page.reload()
    await panel(page).waitFor(LIVE)
    expect((await panel(page).boundingBox())!.y).toBe(0)
    await panel(page).locator('button[aria-label="Dock the inspector at the bottom"]').waitFor(LIVE)
  }, 60_000)
})

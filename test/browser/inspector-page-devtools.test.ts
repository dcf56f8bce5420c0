import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { seriousAxeFindings } from './axe.js'
import { buildTestPage, type TestPage } from './build-test-page.js'
import { DESKTOP, LIVE, PHONE, useInspectorPage } from './inspector-page-session.js'

// The inspector against the browser's Network panel, the rest of the way: Copy as cURL with the
// recorded headers, a WebSocket's frames both ways, a request's time split into the mock's phases,
// a stream's path read on a phone, a resize grip over nothing, and the journal kept across a reset.

const session = useInspectorPage({
  cleanUp: (server) => {
    server.service.journal.preserved = false
  },
})

async function openJournal(size: { readonly width: number; readonly height: number }): Promise<Page> {
  const page = await session.open(size)
  await page.locator('[role="tab"]:text-is("Journal")').click()
  return page
}

const rows = (page: Page) => page.locator('[role="listbox"][aria-label="journal"] [role="option"]')

/** Opens a WebSocket to a stream and waits for it to open. */
async function openSocket(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return socket
}

describe('a journal entry of the inspector page, copied', () => {
  it('is copied as cURL with its recorded headers, the credential left redacted and said so, no hop-by-hop header', async () => {
    session.server.service.journal.clear()
    await fetch(`${session.server.url}/conversations`, {
      headers: { 'x-trace': '7', authorization: 'Bearer secret-token' },
    }).then((answer) => answer.text())
    const page = await openJournal(DESKTOP)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.url })
    await rows(page).first().click()
    await page.locator('[role="group"][aria-label="entry actions"] button', { hasText: 'Copy as cURL' }).click()
    await page.locator('[role="status"]', { hasText: 'Copied.' }).waitFor(LIVE)
    const curl = await page.evaluate(() => navigator.clipboard.readText())
    expect(curl).toMatch(new RegExp(`^curl '${session.server.url}/conversations' -H `))
    expect(curl).toContain(" -H 'x-trace: 7'")
    expect(curl).toContain(" -H 'authorization: [redacted]'")
    expect(curl).toContain('# The journal keeps no credentials: put the real authorization in place of [redacted].')
    expect(curl).not.toContain('secret-token')
    expect(curl).not.toMatch(/-H '(host|connection|content-length):/)

    await page.locator('[role="group"][aria-label="entry actions"] button', { hasText: 'Copy as fetch' }).click()
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), LIVE)
      .toContain('"x-trace": "7", "authorization": "[redacted]"')
  }, 60_000)
})

describe('a WebSocket entry of the inspector page', () => {
  it("lists the client's frames beside the mock's, each with its direction, time and size", async () => {
    session.server.service.journal.clear()
    session.server.service.copilot.reply({ chunks: ['Use a ', 'hook.'] })
    const socket = await openSocket(session.server.streamUrls.qgpt)
    const completed = new Promise<void>((resolve) =>
      socket.on('message', (data) => String(data).includes('"COMPLETED"') && resolve()),
    )
    const question = JSON.stringify({ question: { query: 'How do I debounce?', relevant: { iterable: [] } } })
    socket.send(question)
    await completed

    const page = await openJournal(DESKTOP)
    await page.locator('[role="listbox"][aria-label="journal"] [role="option"][data-operation="qgptStream"]').click()
    const frames = page.locator('ol[aria-label="session frames"]')
    const asked = frames.locator('li[data-direction="received"]')
    await asked.first().waitFor(LIVE)
    expect(await asked.count()).toBe(1)
    const text = await asked.textContent()
    expect(text).toContain('How do I debounce?')
    expect(text).toContain(`${question.length} B`)
    expect(text).toMatch(/\+\d+\.\d ms/)
    expect(await asked.locator('[role="img"]').getAttribute('aria-label')).toBe('sent by the client')
    expect(await frames.locator('li[data-direction="sent"] [role="img"]').first().getAttribute('aria-label')).toBe(
      'sent by the mock',
    )
    expect(await seriousAxeFindings(page, '#inspector')).toEqual([])
    socket.close()
  }, 60_000)

  it('reads its stream path on a phone, shortened from the left rather than cut to "/."', async () => {
    session.server.service.journal.clear()
    const socket = await openSocket(`${session.server.url.replace('http', 'ws')}/.well-known/stream/health`)
    const page = await openJournal(PHONE)
    const path = rows(page).first().locator('.cam-path')
    await path.waitFor(LIVE)
    const shown = await path.evaluate((cell) => ({
      text: cell.textContent ?? '',
      cut: cell.scrollWidth > cell.clientWidth,
      title: cell.getAttribute('title'),
    }))
    expect(shown.text).toContain('stream/health')
    expect(shown.cut).toBe(false)
    expect(shown.title).toBe('/.well-known/stream/health')
    socket.close()
  }, 60_000)
})

describe("a journal entry's timing in the inspector page", () => {
  it('shows the queued, handled and written phases as a waterfall', async () => {
    session.server.service.journal.clear()
    await fetch(`${session.server.url}/conversations`).then((answer) => answer.text())
    const page = await openJournal(DESKTOP)
    await rows(page).first().click()
    const timing = page.locator('table[aria-label="timing"]')
    await timing.waitFor(LIVE)
    expect(
      await timing.locator('tr').evaluateAll((found) => found.map((row) => row.getAttribute('data-phase'))),
    ).toEqual(['queued', 'handled', 'written'])
    expect(await timing.locator('tr[data-phase="handled"] td').first().textContent()).toMatch(/^\d+\.\d\d ms$/)
    expect(await seriousAxeFindings(page, '#inspector')).toEqual([])
  }, 60_000)
})

describe('the journal of the inspector page across a reset', () => {
  it('is emptied by a reset, and kept by one with "Preserve log" checked, which the mock remembers', async () => {
    session.server.service.journal.clear()
    await fetch(`${session.server.url}/conversations`).then((answer) => answer.text())
    const page = await openJournal(DESKTOP)
    await rows(page).first().waitFor(LIVE)
    const preserve = page.locator('label', { hasText: 'Preserve log' }).locator('input[type="checkbox"]')
    await expect.poll(() => preserve.isEnabled(), LIVE).toBe(true)
    expect(await preserve.isChecked()).toBe(false)

    await preserve.check()
    await expect.poll(() => session.server.service.journal.preserved, LIVE).toBe(true)
    await fetch(`${session.server.url}/__mock/reset`, { method: 'POST' }).then((answer) => answer.text())
    await fetch(`${session.server.url}/conversations`).then((answer) => answer.text())
    await expect.poll(() => rows(page).count(), LIVE).toBeGreaterThanOrEqual(2)
    await page.reload()
    await page.locator('[role="tab"]:text-is("Journal")').click()
    await expect.poll(() => preserve.isChecked(), LIVE).toBe(true)

    await preserve.uncheck()
    await expect.poll(() => session.server.service.journal.preserved, LIVE).toBe(false)
    await fetch(`${session.server.url}/__mock/reset`, { method: 'POST' }).then((answer) => answer.text())
    await expect.poll(() => rows(page).count(), LIVE).toBe(0)
  }, 60_000)
})

describe('the in-page panel docked at the bottom', () => {
  let site: TestPage

  beforeAll(async () => {
    site = await buildTestPage()
  }, 60_000)
  afterAll(() => site?.close())

  it.each([
    { name: 'desktop', size: DESKTOP },
    { name: 'phone', size: PHONE },
  ])(
    'keeps its resize grip off every text of the panel ($name)',
    async ({ size }) => {
      const context = await session.newContext({ viewport: size })
      const page = await context.newPage()
      await page.goto(`${site.url}/index.html?inspector`)
      await page.waitForFunction(() => (window as { mockReady?: boolean }).mockReady === true, undefined, LIVE)
      await page.locator('button[aria-label="Open the conversation-asset-mock inspector"]').click()
      const panel = page.locator('[role="dialog"][aria-label="conversation-asset-mock inspector"]')
      await panel.locator('ul[aria-label="records"] li').first().waitFor(LIVE)
      const covered = await page.evaluate(() => {
        const root = document.getElementById('conversation-asset-mock-inspector')!.shadowRoot!
        const grip = root.querySelector('[role="separator"]')!.getBoundingClientRect()
        const under: string[] = []
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue
          const range = document.createRange()
          range.selectNodeContents(node)
          for (const rect of range.getClientRects())
            if (rect.left < grip.right && rect.right > grip.left && rect.top < grip.bottom && rect.bottom > grip.top)
              under.push(node.textContent.trim())
        }
        return under
      })
      expect(covered).toEqual([])
    },
    60_000,
  )
})

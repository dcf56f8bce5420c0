import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './launch-chromium.js'

// The inspector page's journal searched inside bodies, sorted from the keyboard, and an entry's headers.

const LIVE = { timeout: 15_000 }

let browser: Browser
let context: BrowserContext | undefined
let server: StandaloneServer

beforeAll(async () => {
  browser = await launchChromium()
  server = await startStandaloneServer({ port: 0 })
  await fetch(`${server.url}/conversations/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'COPILOT', name: 'Zanzibar Planning' }),
  }).then((answer) => answer.text())
  await fetch(`${server.url}/conversations`, { headers: { 'x-trace': 't1', authorization: 'Bearer abc' } }).then(
    (answer) => answer.text(),
  )
  await fetch(`${server.url}/asset/no-such-asset`).then((answer) => answer.text())
}, 60_000)
afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.close()
})

async function openJournal(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${server.url}/__mock/ui`)
  await page.locator('[role="tab"]:text-is("Journal")').click()
  await page.locator('[role="listbox"][aria-label="journal"] [role="option"]').first().waitFor(LIVE)
  return page
}

const rows = (page: Page) => page.locator('[role="listbox"][aria-label="journal"] [role="option"]')

describe('the journal of the inspector page', () => {
  it('finds a word inside request and response bodies', async () => {
    const page = await openJournal()
    await page.locator('input[aria-label="search the journal"]').fill('zanzibar')
    await page
      .locator('[aria-label="journal count"]')
      .filter({ hasText: /^2 requests of \d+ match\./ })
      .waitFor(LIVE)
    expect(await rows(page).evaluateAll((all) => all.map((row) => row.getAttribute('data-operation')))).toEqual([
      'conversationsSnapshot',
      'conversationsCreateSpecificConversation',
    ])
  })

  it('sorts by status from the keyboard', async () => {
    const page = await openJournal()
    const sort = page.locator('select[aria-label="sort the journal"]')
    await sort.focus()
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown')
    expect(await sort.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toBe(
      'status, highest first',
    )
    await expect.poll(() => rows(page).first().getAttribute('data-status'), LIVE).toBe('410')
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => rows(page).first().getAttribute('data-status'), LIVE).toBe('200')
  })

  it("shows an entry's request headers, credentials redacted, and its response headers", async () => {
    const page = await openJournal()
    await rows(page)
      .filter({ has: page.locator('text=/conversations') })
      .first()
      .waitFor(LIVE)
    await page.locator('[role="option"][data-operation="conversationsSnapshot"]').click()
    const sent = page.locator('table[aria-label="request headers"]')
    await sent.waitFor(LIVE)
    expect(await sent.locator('tr', { hasText: 'x-trace' }).locator('td').textContent()).toBe('t1')
    expect(await sent.locator('tr', { hasText: 'authorization' }).locator('td').textContent()).toBe('[redacted]')
    expect(await page.locator('table[aria-label="response headers"] th').first().textContent()).toBe('content-type')
  })
})

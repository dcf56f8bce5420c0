import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeFindings } from './axe.js'
import { DESKTOP, LIVE, PHONE, useInspectorPage } from './inspector-page-session.js'

// The inspector page against the browser's Network panel: the journal saved as HAR, a theme chosen
// rather than only the system's, a clock that runs, and entries and counts written as a person reads them.

const session = useInspectorPage()

const get = (path: string) => fetch(`${session.server.url}${path}`).then((answer) => answer.text())
const background = (page: Page) =>
  page.evaluate(() => {
    const cam = document.querySelector('#inspector')!.shadowRoot!.querySelector('.cam')!
    return getComputedStyle(cam).backgroundColor
  })

describe('the journal of the inspector page, saved', () => {
  it('exports what the filters keep as a HAR 1.2 file, the answer bodies in it', async () => {
    session.server.service.journal.clear()
    await get('/conversations')
    await get('/asset/no-such-asset')
    await get('/no/such/path')
    const page = await session.open(DESKTOP)
    await page.locator('[role="tab"]:text-is("Journal")').click()
    await page.locator('[role="listbox"][aria-label="journal"] [role="option"]').nth(2).waitFor(LIVE)
    await page.locator('select[aria-label="status filter"]').selectOption({ label: '4xx' })
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: 'Export HAR' }).click(),
    ])
    expect(saved.suggestedFilename()).toBe('journal.har')
    const har = JSON.parse(await readFile(await saved.path(), 'utf8')) as {
      log: { version: string; entries: { request: { url: string }; response: { status: number } }[] }
    }
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries.map((entry) => [entry.request.url, entry.response.status])).toEqual([
      [`${session.server.url}/asset/no-such-asset`, 410],
      [`${session.server.url}/no/such/path`, 404],
    ])
  }, 60_000)
})

describe.each([
  { name: 'desktop', size: DESKTOP },
  { name: 'phone', size: PHONE },
])('the inspector page ($name) by its own theme', ({ size }) => {
  it('switches to dark on a light system and to light on a dark one, keeps it across a reload, with no findings', async () => {
    const page = await session.open(size, 'light')
    expect(await background(page)).toBe('rgb(255, 255, 255)')
    await page.locator('select[aria-label="theme"]').selectOption('dark')
    await expect.poll(() => background(page), LIVE).toBe('rgb(22, 26, 34)')
    expect(await seriousAxeFindings(page)).toEqual([])
    await page.reload()
    await page.locator('ul[aria-label="records"] li').first().waitFor(LIVE)
    expect(await background(page)).toBe('rgb(22, 26, 34)')

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.locator('select[aria-label="theme"]').selectOption('light')
    await expect.poll(() => background(page), LIVE).toBe('rgb(255, 255, 255)')
    await page.locator('[role="tab"]:text-is("Steering")').click()
    expect(await seriousAxeFindings(page)).toEqual([])
    await page.locator('select[aria-label="theme"]').selectOption('system')
    await expect.poll(() => background(page), LIVE).toBe('rgb(22, 26, 34)')
  }, 60_000)
})

describe('the inspector page read as a person reads it', () => {
  it("runs Steering's clock on between updates, as the header's does", async () => {
    const page = await session.open(DESKTOP)
    await page.locator('[role="tab"]:text-is("Steering")').click()
    const shown = page.locator('section[aria-label="clock"] strong')
    const first = await shown.textContent()
    // The next second is drawn without anything sent by the mock.
    await page.waitForFunction(
      (before) =>
        document.querySelector('#inspector')!.shadowRoot!.querySelector('section[aria-label="clock"] strong')!
          .textContent !== before,
      first,
      LIVE,
    )
    expect(await shown.textContent()).not.toBe(first)
  }, 60_000)

  it('shows a GET with no body line, and counts one key as "1 key"', async () => {
    session.server.service.journal.clear()
    await get('/conversation/unknown-conversation?transferables=false')
    const page = await session.open(DESKTOP)
    await page.locator('[role="tab"]:text-is("Journal")').click()
    await page.locator('[role="listbox"][aria-label="journal"] [role="option"]').first().click()
    const request = page.locator('[aria-label="request"]')
    await request.waitFor(LIVE)
    expect(await request.textContent()).not.toContain('body')
    expect(await request.textContent()).toContain('1 key')
    expect(await request.textContent()).not.toContain('1 keys')
  }, 60_000)
})

describe('snapshots on the inspector page', () => {
  it('diffs a snapshot against another one, not only against now', async () => {
    const first = session.server.service.inspection.snapshots.take('first')
    await fetch(`${session.server.url}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COPILOT', name: 'Between the two' }),
    }).then((answer) => answer.text())
    const second = session.server.service.inspection.snapshots.take('second')
    await fetch(`${session.server.url}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COPILOT', name: 'After both' }),
    }).then((answer) => answer.text())
    try {
      const page = await session.open(DESKTOP)
      await page.locator('[role="tab"]:text-is("Steering")').click()
      await page.locator('button[aria-label="diff first"]').click()
      const diff = page.locator('[aria-label="snapshot diff"]')
      await diff.locator('li', { hasText: 'After both' }).waitFor(LIVE)
      await diff.locator('select[aria-label="compare with"]').selectOption({ label: 'second' })
      await diff.locator('h3', { hasText: 'From first to second' }).waitFor(LIVE)
      await diff.locator('li', { hasText: 'After both' }).waitFor({ state: 'detached', ...LIVE })
      expect(await diff.locator('li').allTextContents()).toEqual([expect.stringContaining('Between the two')])
      expect(await seriousAxeFindings(page)).toEqual([])
    } finally {
      session.server.service.inspection.snapshots.delete(first.id)
      session.server.service.inspection.snapshots.delete(second.id)
    }
  }, 60_000)
})

import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { seriousAxeFindings } from './axe.js'
import { focusLandsOn } from './focus.js'
import { launchChromium } from './launch-chromium.js'

// The inspector page of the standalone server (/__mock/ui) at a desktop's size and a phone's:
// every tab free of serious accessibility findings, operable from the keyboard alone, a journal
// whose every entry is reachable, and outages said plainly.

const LIVE = { timeout: 15_000 }
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

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

async function openInspector(
  server: StandaloneServer,
  size: { readonly width: number; readonly height: number },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  // axe-core is added as a script: the page's content security policy would refuse it.
  context = await browser.newContext({ viewport: size, bypassCSP: true, colorScheme })
  const page = await context.newPage()
  await page.goto(`${server.url}/__mock/ui`)
  await page.locator('ul[aria-label="records"] li').first().waitFor(LIVE)
  return page
}

/** Switches the mock to the empty scenario from the Steering tab. */
async function switchToEmpty(server: StandaloneServer, page: Page): Promise<void> {
  await page.locator('select[aria-label="scenario"]').selectOption('empty')
  await page.locator('button', { hasText: 'Switch scenario' }).click()
  await expect.poll(() => server.service.store.count('conversation'), LIVE).toBe(0)
}

/**
 * Marks every control the keyboard should reach in the inspector (visible, enabled, in the tab
 * order: a tab list's selected tab only) with an id; answers their ids and labels.
 */
const markControls = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('#inspector')!.shadowRoot!
    const all = root.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, a[href], [tabindex]')
    const controls = [...all].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        element.getClientRects().length > 0 &&
        getComputedStyle(element).visibility !== 'hidden',
    )
    return controls.map((element, index) => {
      element.dataset.control = String(index)
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
      return { id: String(index), label: `${element.tagName.toLowerCase()} "${label}"` }
    })
  })

/** The marked control that has focus, and whether it shows a focus ring; undefined once focus leaves them. */
const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('#inspector')!.shadowRoot!.activeElement as HTMLElement | null
    if (!active?.dataset.control) return undefined
    const ringed = (element: Element) => {
      const style = getComputedStyle(element)
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
    }
    // The journal's list rings its active row rather than itself.
    const ring = ringed(active) || [...active.querySelectorAll('.cam-active')].some(ringed)
    const label = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''
    return { id: active.dataset.control, ring, label: `${active.tagName.toLowerCase()} "${label}"` }
  })

/** Makes `count` requests to the mock, a few at a time. */
async function makeRequests(server: StandaloneServer, count: number): Promise<void> {
  for (let done = 0; done < count; done += 50) {
    const batch = Math.min(50, count - done)
    await Promise.all(
      Array.from({ length: batch }, () => fetch(`${server.url}/.well-known/health`).then((r) => r.text())),
    )
  }
}

/** How far the widest view's content runs past its box, sideways (0 when all of it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('#inspector')!.shadowRoot!
    const boxes = [document.documentElement, ...root.querySelectorAll('.cam-main, .cam-split, .cam-col')]
    return Math.max(0, ...boxes.map((box) => box.scrollWidth - box.clientWidth))
  })

const journalCount = (page: Page) => page.locator('[aria-label="journal count"]')
const journal = (page: Page) => page.locator('[role="listbox"][aria-label="journal"]')

describe.each(SIZES)('the inspector page at $width×$height', (size) => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server?.close())

  it('has no serious or critical accessibility findings on any of its four tabs', async () => {
    await makeRequests(server, 3)
    await fetch(`${server.url}/asset/unknown-asset`)
    const page = await openInspector(server, size)
    await page.locator('ul[aria-label="records"] button').first().click()
    await page.locator('[aria-label="wire form"]').waitFor(LIVE)
    expect(await seriousAxeFindings(page)).toEqual([])
    for (const name of ['Journal', 'Streams', 'Steering']) {
      await page.locator(`[role="tab"]:text-is("${name}")`).click()
      if (name === 'Journal') {
        await journal(page).locator('[role="option"]').first().click()
        await page.locator('[aria-label="request"]').waitFor(LIVE)
      }
      expect({ tab: name, findings: await seriousAxeFindings(page) }).toEqual({ tab: name, findings: [] })
      // Nothing runs off the side of the screen: no view is wider than the window.
      expect({ tab: name, overflow: await sidewaysOverflow(page) }).toEqual({ tab: name, overflow: 0 })
    }
  }, 90_000)

  it('follows a dark system theme, with no serious or critical findings (contrast included)', async () => {
    await makeRequests(server, 2)
    const page = await openInspector(server, size, 'dark')
    const background = await page.evaluate(() => {
      const cam = document.querySelector('#inspector')!.shadowRoot!.querySelector('.cam')!
      return getComputedStyle(cam).backgroundColor
    })
    expect(background).toBe('rgb(22, 26, 34)')
    expect(await seriousAxeFindings(page)).toEqual([])
    await page.locator('[role="tab"]:text-is("Journal")').click()
    await journal(page).locator('[role="option"]').first().click()
    expect(await seriousAxeFindings(page)).toEqual([])
  }, 60_000)

  it.each(['light', 'dark'] as const)(
    'keeps AA contrast with every control pressed, selected or toggled, in the %s theme',
    async (scheme) => {
      // A mock of its own: the clock frozen and the requests made stay out of the other tests.
      const own = await startStandaloneServer({ port: 0 })
      onTestFinished(() => own.close())
      await makeRequests(own, 2)
      await fetch(`${own.url}/asset/unknown-asset`)
      await fetch(`${own.url}/os/device/information`)
      const page = await openInspector(own, size)
      await page.emulateMedia({ colorScheme: scheme })
      const findings = async (state: string) => ({ state, findings: await seriousAxeFindings(page) })

      // Records: a kind pressed, a record current.
      const kind = page.locator('[aria-label="record kinds"] button', { hasText: 'asset' }).first()
      await kind.click()
      await page.locator('[aria-label="record kinds"] button[aria-pressed="true"]', { hasText: 'asset' }).waitFor(LIVE)
      await page.locator('ul[aria-label="records"] button').first().click()
      await page.locator('ul[aria-label="records"] button[aria-current="true"]').waitFor(LIVE)
      expect(await findings('a kind pressed, a record current')).toEqual({
        state: 'a kind pressed, a record current',
        findings: [],
      })

      // Journal: the tab selected, the live feed paused, a row selected (a 404 among them).
      await page.locator('[role="tab"]:text-is("Journal")').click()
      await page.locator('button', { hasText: 'Pause' }).click()
      await page.locator('button[aria-pressed="true"]', { hasText: 'Resume' }).waitFor(LIVE)
      expect(await findings('paused')).toEqual({ state: 'paused', findings: [] })
      await journal(page).locator('[role="option"]').first().click()
      await journal(page)
        .locator('[role="option"][aria-selected="true"]')
        .waitFor({ state: 'attached', ...LIVE })
      expect(await findings('paused, a row selected')).toEqual({ state: 'paused, a row selected', findings: [] })

      // Steering: the clock frozen, a snapshot's diff open, an action's error shown.
      await page.locator('[role="tab"]:text-is("Steering")').click()
      await page.locator('button', { hasText: 'Freeze' }).click()
      await page.locator('[aria-label="mock time"].cam-frozen').waitFor(LIVE)
      await page.locator('button', { hasText: 'Take snapshot' }).click()
      await page.locator('button[aria-label^="diff "]').first().click()
      await page.locator('button[aria-expanded="true"][aria-label^="diff "]').waitFor(LIVE)
      await page.locator('input[type="file"]').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a state'),
      })
      await page.locator('[role="alert"][aria-label="state error"]').waitFor(LIVE)
      expect(await findings('frozen, diff open, an error shown')).toEqual({
        state: 'frozen, diff open, an error shown',
        findings: [],
      })
    },
    60_000,
  )

  it('reaches every control of every tab with the Tab key alone, each showing a focus ring', async () => {
    await makeRequests(server, 2)
    const page = await openInspector(server, size)
    for (const name of ['Records', 'Journal', 'Streams', 'Steering']) {
      await page.locator(`[role="tab"]:text-is("${name}")`).click()
      if (name === 'Journal') await journal(page).locator('[role="option"]').first().waitFor(LIVE)
      if (name === 'Steering') await page.locator('section[aria-label="faults"]').waitFor(LIVE)
      const controls = await markControls(page)
      await page.locator('[role="tab"][aria-selected="true"]').focus()
      // Focus starts on the selected tab; Shift+Tab reaches what comes before it (the header's theme
      // picker), and Tab goes on from the tab to the end of the page.
      const reached = new Set<string>([(await focusedControl(page))!.id])
      const unringed: string[] = []
      for (let press = 0; press < 5; press++) {
        await page.keyboard.press('Shift+Tab')
        const focus = await focusedControl(page)
        if (focus === undefined) break
        reached.add(focus.id)
        if (!focus.ring) unringed.push(focus.label)
      }
      await page.locator('[role="tab"][aria-selected="true"]').focus()
      for (let press = 0; press < controls.length + 5; press++) {
        await page.keyboard.press('Tab')
        const focus = await focusedControl(page)
        if (focus === undefined) break
        reached.add(focus.id)
        if (!focus.ring) unringed.push(focus.label)
      }
      const missed = controls.filter((control) => !reached.has(control.id)).map((control) => control.label)
      expect({ tab: name, missed, unringed }).toEqual({ tab: name, missed: [], unringed: [] })
    }
  }, 90_000)

  it('moves between tabs with the arrow keys and opens a journal entry with Enter', async () => {
    await makeRequests(server, 2)
    const page = await openInspector(server, size)
    await page.locator('[role="tab"][aria-selected="true"]').focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.locator('[role="tab"][aria-selected="true"]').textContent(), LIVE).toBe('Journal')
    expect(
      await page.evaluate(() => document.querySelector('#inspector')!.shadowRoot!.activeElement?.textContent),
    ).toBe('Journal')
    await page.keyboard.press('End')
    await expect.poll(() => page.locator('[role="tab"][aria-selected="true"]').textContent(), LIVE).toBe('Steering')
    await page.keyboard.press('Home')
    await page.keyboard.press('ArrowRight')
    await journal(page).locator('[role="option"]').first().waitFor(LIVE)
    await journal(page).focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const second = journal(page).locator('[role="option"]').nth(1)
    await expect.poll(() => second.getAttribute('aria-selected'), LIVE).toBe('true')
    await page.locator('[aria-label="request"]').waitFor(LIVE)
  }, 60_000)
})

describe('the inspector page on the narrowest screen it is made for', () => {
  it('fits every tab in 360 px, an opened journal entry included, with no serious or critical findings', async () => {
    const server = await startStandaloneServer({ port: 0 })
    onTestFinished(() => server.close())
    await makeRequests(server, 2)
    const page = await openInspector(server, { width: 360, height: 740 })
    for (const name of ['Records', 'Journal', 'Streams', 'Steering']) {
      await page.locator(`[role="tab"]:text-is("${name}")`).click()
      if (name === 'Journal') {
        await journal(page).locator('[role="option"]').first().click()
        await page.locator('[aria-label="request"]').waitFor(LIVE)
      }
      expect({ tab: name, overflow: await sidewaysOverflow(page) }).toEqual({ tab: name, overflow: 0 })
      expect({ tab: name, findings: await seriousAxeFindings(page) }).toEqual({ tab: name, findings: [] })
    }
  }, 60_000)
})

describe('the journal of the inspector page', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server?.close())

  it('reaches every one of 10,000 entries at both sizes, counts them in words, searches, and pauses', async () => {
    await makeRequests(server, 10_040)
    const page = await openInspector(server, SIZES[0])
    await page.locator('[role="tab"]:text-is("Journal")').click()
    await journalCount(page)
      .filter({ hasText: '10,000 requests. 40 older ones were let go (the journal keeps the newest).' })
      .waitFor(LIVE)
    // Only the rows in view are drawn.
    expect(await journal(page).locator('[role="option"]').count()).toBeLessThan(100)

    // The keyboard reaches the oldest entry the journal holds, and Enter opens it.
    await journal(page).focus()
    await page.keyboard.press('End')
    const oldest = journal(page).locator('[role="option"][aria-posinset="10000"]')
    await oldest.waitFor(LIVE)
    await page.keyboard.press('Enter')
    await page.locator('[aria-label="journal entry"] .cam-id', { hasText: '#41 ' }).waitFor(LIVE)

    await page.locator('input[aria-label="search the journal"]').fill('no-such-path')
    await journalCount(page).filter({ hasText: '0 requests of 10,000 match.' }).waitFor(LIVE)
    await page.locator('input[aria-label="search the journal"]').fill('')

    await page.locator('button', { hasText: 'Pause' }).click()
    await makeRequests(server, 3)
    await journalCount(page).filter({ hasText: 'Paused: 3 new requests not shown.' }).waitFor(LIVE)
    expect(await journalCount(page).textContent()).toContain('10,000 requests. 40 older')
    await page.locator('button', { hasText: 'Resume' }).click()
    await journalCount(page).filter({ hasText: '10,000 requests. 43 older ones were let go' }).waitFor(LIVE)

    // On a phone's screen, rows of two lines, the keyboard reaches the oldest entry too.
    await context!.close()
    const phone = await openInspector(server, SIZES[1])
    await phone.locator('[role="tab"]:text-is("Journal")').click()
    await journalCount(phone).filter({ hasText: '10,000 requests. 43 older ones were let go' }).waitFor(LIVE)
    await journal(phone).focus()
    await phone.keyboard.press('End')
    await journal(phone).locator('[role="option"][aria-posinset="10000"]').waitFor(LIVE)
    await phone.keyboard.press('Enter')
    await phone.locator('[aria-label="journal entry"] .cam-id', { hasText: '#44 ' }).waitFor(LIVE)
  }, 120_000)
})

describe('the inspector page when the mock stops', () => {
  it('says the mock is not answering, then that it came back restarted with its data reset', async () => {
    const first = await startStandaloneServer({ port: 0 })
    const page = await openInspector(first, SIZES[1])
    await first.close()
    await page.locator('[role="status"]', { hasText: 'The mock is not answering' }).waitFor(LIVE)
    // The lists keep what they showed, under the banner.
    expect(await page.locator('ul[aria-label="records"] li').count()).toBeGreaterThan(0)
    const second = await startStandaloneServer({ port: first.port })
    try {
      await page.locator('[role="status"]', { hasText: 'Reconnected; the mock restarted, data reset.' }).waitFor(LIVE)
      expect(await page.locator('[role="status"]', { hasText: 'not answering' }).count()).toBe(0)
    } finally {
      await second.close()
    }
  }, 60_000)
})

describe('acting from a journal entry and steering on the inspector page', () => {
  let server: StandaloneServer

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server?.close())

  it('copies a request as cURL, faults its operation, fills the verify form, and folds its JSON', async () => {
    await fetch(`${server.url}/conversations`)
    const page = await openInspector(server, SIZES[0])
    await context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await page.locator('[role="tab"]:text-is("Journal")').click()
    await journal(page).locator('[role="option"][data-operation="conversationsSnapshot"]').first().click()
    const actions = page.locator('[role="group"][aria-label="entry actions"]')
    await actions.locator('button', { hasText: 'Copy as cURL' }).click()
    await page.locator('[role="status"]', { hasText: 'Copied.' }).waitFor(LIVE)
    // The URL, then the request's recorded headers.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^curl '${server.url}/conversations'( -H '[^']*')*$`),
    )

    await actions.locator('button', { hasText: 'Fault this operation' }).click()
    await page.locator('[role="status"]', { hasText: 'The next conversationsSnapshot answers 500' }).waitFor(LIVE)
    expect((await fetch(`${server.url}/conversations`)).status).toBe(500)

    await actions.locator('button', { hasText: 'Verify like this' }).click()
    expect(await page.locator('input[aria-label="verify operation"]').inputValue()).toBe('conversationsSnapshot')
    await page.keyboard.press('Enter')
    await page.locator('[role="status"]', { hasText: 'Verified: 2 matching calls.' }).waitFor(LIVE)

    // The response folds: its first level closes with Enter on its summary.
    const response = page.locator('[aria-label="response"]')
    await response.locator('summary').first().focus()
    await page.keyboard.press('Enter')
    expect(await response.locator('details').first().getAttribute('open')).toBeNull()
  }, 60_000)

  it('filters the journal by operation and by status, and copies a request as fetch and its response', async () => {
    const own = await startStandaloneServer({ port: 0 })
    onTestFinished(() => own.close())
    await fetch(`${own.url}/conversations`)
    await fetch(`${own.url}/asset/unknown-asset`)
    await fetch(`${own.url}/os/device/information`)
    const page = await openInspector(own, SIZES[0])
    await context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: own.url })
    await page.locator('[role="tab"]:text-is("Journal")').click()
    const rows = journal(page).locator('[role="option"]')
    await expect.poll(() => rows.count(), LIVE).toBe(3)

    const operation = page.locator('select[aria-label="operation filter"]')
    const status = page.locator('select[aria-label="status filter"]')
    await operation.selectOption('conversationsSnapshot')
    await journalCount(page).filter({ hasText: '1 request of 3 match.' }).waitFor(LIVE)
    expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-operation')))).toEqual([
      'conversationsSnapshot',
    ])
    await operation.selectOption('')
    await status.selectOption({ label: '4xx' })
    await journalCount(page).filter({ hasText: '1 request of 3 match.' }).waitFor(LIVE)
    expect(await rows.first().textContent()).toContain('/asset/unknown-asset')
    await status.selectOption({ label: '2xx' })
    await journalCount(page).filter({ hasText: '2 requests of 3 match.' }).waitFor(LIVE)
    expect(await rows.first().textContent()).toContain('/os/device/information')
    await status.selectOption({ label: 'all statuses' })
    await expect.poll(() => rows.count(), LIVE).toBe(3)

    await journal(page).locator('[role="option"][data-operation="conversationsSnapshot"]').click()
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
    await page.locator('[role="group"][aria-label="entry actions"] button', { hasText: 'Copy as fetch' }).click()
    // The URL, then the request's recorded headers.
    await expect
      .poll(clipboard, LIVE)
      .toMatch(new RegExp(`^await fetch\\("${own.url}/conversations", \\{ method: "GET", headers: \\{ "accept": `))
    await page.locator('button[aria-label="copy the response"]').click()
    await expect.poll(async () => Array.isArray(JSON.parse(await clipboard()).iterable), LIVE).toBe(true)
  }, 60_000)

  it('asks before a reset, and names, restores and deletes snapshots', async () => {
    const page = await openInspector(server, SIZES[1])
    await page.locator('[role="tab"]:text-is("Steering")').click()
    await page.locator('input[aria-label="snapshot name"]').fill('before the demo')
    await page.locator('button', { hasText: 'Take snapshot' }).click()
    const taken = page.locator('ul[aria-label="snapshots taken"] li', { hasText: 'before the demo' })
    await taken.waitFor(LIVE)
    await taken.locator('button', { hasText: 'Delete' }).click()
    await page.locator('[aria-label="snapshots"]', { hasText: 'No snapshots taken.' }).waitFor(LIVE)
    expect(server.service.inspection.snapshots.list()).toEqual([])

    const before = server.service.journal.entries.length
    await fetch(`${server.url}/conversations`)
    await page.locator('button', { hasText: 'Reset…' }).click()
    await page.locator('[role="alertdialog"][aria-label="confirm reset"]').waitFor(LIVE)
    // The dialog takes the focus as it is drawn; Escape cancels: nothing is reset, and focus is back on Reset….
    await focusLandsOn(page, '#inspector', 'Reset now')
    await page.keyboard.press('Escape')
    await focusLandsOn(page, '#inspector', 'Reset…')
    expect(server.service.journal.entries.length).toBe(before + 1)
    await page.locator('button', { hasText: 'Reset…' }).click()
    await page.locator('button', { hasText: 'Reset now' }).click()
    await expect.poll(() => server.service.journal.entries.length, LIVE).toBe(0)
    await focusLandsOn(page, '#inspector', 'Reset…')
  }, 60_000)

  it('exports the whole state as a zipped fixtures directory and imports it back', async () => {
    const page = await openInspector(server, SIZES[0])
    await page.locator('[role="tab"]:text-is("Steering")').click()
    const count = server.service.store.count('conversation')
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: 'Export state (.zip)' }).click(),
    ])
    expect(saved.suggestedFilename()).toBe('conversation-asset-mock-state.zip')
    const file = await saved.path()
    const files = unzipSync(await readFile(file))
    expect(Object.keys(files)).toContain('conversation-asset-mock-state/conversations.json')
    expect(JSON.parse(strFromU8(files['conversation-asset-mock-state/conversations.json']!))).toHaveLength(count)

    await switchToEmpty(server, page)
    await page.locator('input[type="file"]').setInputFiles(file)
    await expect.poll(() => server.service.store.count('conversation'), LIVE).toBe(count)
  }, 60_000)

  it('exports the whole state as JSON and imports it back, and says why a file that is neither is refused', async () => {
    const page = await openInspector(server, SIZES[0])
    await page.locator('[role="tab"]:text-is("Steering")').click()
    const count = server.service.store.count('conversation')
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button', { hasText: 'Export as JSON' }).click(),
    ])
    expect(saved.suggestedFilename()).toBe('conversation-asset-mock-state.json')
    const file = await saved.path()

    await switchToEmpty(server, page)
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a state'),
    })
    const refusal = page.locator('[role="alert"][aria-label="state error"]')
    await refusal.waitFor(LIVE)
    expect(await refusal.textContent()).toContain('Failed to import the state: the file is not JSON')
    await page.locator('input[type="file"]').setInputFiles(file)
    await expect.poll(() => server.service.store.count('conversation'), LIVE).toBe(count)
    await page.locator('[role="alert"][aria-label="state error"]').waitFor({ state: 'detached', ...LIVE })
  }, 60_000)
})

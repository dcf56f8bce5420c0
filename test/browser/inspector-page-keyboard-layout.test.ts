import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeFindings } from './axe.js'
import { focusLandsOn } from './focus.js'
import { DESKTOP, LIVE, PHONE, useInspectorPage } from './inspector-page-session.js'

// The inspector page where a phone's width and the keyboard once caught it out: the records list
// scrolls on its own at 390 px, Steering's buttons look like buttons, focus stays on a named control
// after an action removes the one that had it, and a failed verify's answer is read whole.

const session = useInspectorPage({
  cleanUp: (server) => {
    server.service.faults.clear()
    for (const snapshot of server.service.inspection.snapshots.list())
      server.service.inspection.snapshots.delete(snapshot.id)
  },
})

const tab = (page: Page, name: string) => page.locator(`[role="tab"]:text-is("${name}")`).click()

describe('the inspector page on a phone (390 px)', () => {
  it('scrolls the records list on its own, so the last record can be tapped and opens', async () => {
    const page = await session.open(PHONE)
    const records = page.locator('ul[aria-label="records"] li button')
    // A record open: its wire form fills the pane under the list.
    await records.first().click()
    await page.locator('[aria-label="wire form"]').waitFor(LIVE)
    // The list holds more than it shows, scrolls by itself, and ends above the record pane.
    const list = await page.locator('.cam-list').evaluate((element) => {
      element.scrollTop = element.scrollHeight
      return { scrolled: element.scrollTop > 0, bottom: element.getBoundingClientRect().bottom }
    })
    const pane = await page.locator('[aria-label="record"]').boundingBox()
    expect(list.scrolled).toBe(true)
    expect(list.bottom).toBeLessThanOrEqual(pane!.y + 1)
    // A tap lands on the last record itself (Playwright refuses a click another element would take).
    const last = records.last()
    await last.click({ timeout: 5_000 })
    await expect.poll(() => last.getAttribute('aria-current'), LIVE).toBe('true')
  }, 60_000)

  it('sends focus to "← Back to the journal" on opening an entry, and back to the journal after it', async () => {
    await fetch(`${session.server.url}/conversations`).then((answer) => answer.text())
    const page = await session.open(PHONE)
    await tab(page, 'Journal')
    const journal = page.locator('[role="listbox"][aria-label="journal"]')
    await journal.locator('[role="option"]').first().waitFor(LIVE)
    await journal.focus()
    await page.keyboard.press('Enter')
    expect(await focusLandsOn(page, '#inspector', '← Back to the journal')).toBe('← Back to the journal')
    await page.locator('[aria-label="request"]').waitFor(LIVE)
    await page.keyboard.press('Enter')
    expect(await focusLandsOn(page, '#inspector', 'journal')).toBe('journal')
  }, 60_000)
})

describe.each([
  { name: 'desktop', size: DESKTOP },
  { name: 'phone', size: PHONE },
])('Steering on the inspector page ($name)', ({ size }) => {
  it('draws Remove, Diff, Restore and Delete as buttons, not as rows of text', async () => {
    session.server.service.faults.add({ operation: 'conversationsSnapshot', status: 503, times: 1 })
    session.server.service.inspection.snapshots.take('drawn')
    const page = await session.open(size)
    await tab(page, 'Steering')
    const buttons = page.locator('section[aria-label="faults"] li button, ul[aria-label="snapshots taken"] li button')
    await buttons.first().waitFor(LIVE)
    const looks = await buttons.evaluateAll((all) =>
      all.map((button) => {
        const style = getComputedStyle(button)
        const row = button.closest('li')!.getBoundingClientRect().width
        return {
          text: button.textContent,
          bordered: style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) >= 1,
          narrowerThanItsRow: button.getBoundingClientRect().width < row / 2,
        }
      }),
    )
    expect(looks.map((look) => look.text).sort()).toEqual(['Delete', 'Diff', 'Remove', 'Restore'])
    for (const look of looks) expect(look).toEqual({ text: look.text, bordered: true, narrowerThanItsRow: true })
  }, 60_000)

  it('keeps focus on a named control after Remove fault and Delete snapshot', async () => {
    const page = await session.open(size)
    await tab(page, 'Steering')
    session.server.service.faults.add({ operation: 'conversationsSnapshot', status: 503, times: 1 })
    session.server.service.faults.add({ operation: 'assetsSnapshot', status: 500, times: 1 })
    const removes = page.locator('section[aria-label="faults"] li button', { hasText: 'Remove' })
    await expect.poll(() => removes.count(), LIVE).toBe(2)
    const [first, second] = await removes.evaluateAll((all) => all.map((button) => button.getAttribute('aria-label')!))
    await removes.first().focus()
    await page.keyboard.press('Enter')
    await focusLandsOn(page, '#inspector', second!)
    await page.keyboard.press('Enter')
    await focusLandsOn(page, '#inspector', 'Faults')
    expect(first).not.toBe(second)
    expect(session.server.service.faults.list()).toEqual([])

    for (const name of ['one', 'two']) {
      await page.locator('input[aria-label="snapshot name"]').fill(name)
      await page.locator('button', { hasText: 'Take snapshot' }).click()
      await page.locator('ul[aria-label="snapshots taken"] li', { hasText: name }).waitFor(LIVE)
    }
    await page.locator('button[aria-label="delete one"]').focus()
    await page.keyboard.press('Enter')
    await focusLandsOn(page, '#inspector', 'delete two')
    await page.keyboard.press('Enter')
    await focusLandsOn(page, '#inspector', 'snapshot name')
    expect(session.server.service.inspection.snapshots.list()).toEqual([])
  }, 60_000)

  it('cancels a reset with an Escape pressed as soon as the dialog is asked for', async () => {
    const page = await session.open(size)
    await tab(page, 'Steering')
    const before = session.server.service.store.count('conversation')
    await page.locator('button', { hasText: 'Reset…' }).focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    await focusLandsOn(page, '#inspector', 'Reset…')
    expect(await page.locator('[role="alertdialog"]').count()).toBe(0)
    expect(session.server.service.store.count('conversation')).toBe(before)
  }, 60_000)

  it('shows a failed verify whole, wrapped rather than cut, with no serious findings or landmark gaps', async () => {
    const page = await session.open(size)
    await tab(page, 'Journal')
    await page.locator('input[aria-label="verify operation"]').fill('conversationsSnapshot')
    await page.locator('input[aria-label="verify times"]').fill('99')
    await page.keyboard.press('Enter')
    const result = page.locator('pre[aria-label="verify result"]')
    await result.waitFor(LIVE)
    const fits = await result.evaluate((element) => ({
      sideways: element.scrollWidth <= element.clientWidth,
      downwards: element.scrollHeight <= element.clientHeight,
    }))
    expect(fits).toEqual({ sideways: true, downwards: true })
    expect(await seriousAxeFindings(page)).toEqual([])
  }, 60_000)
})

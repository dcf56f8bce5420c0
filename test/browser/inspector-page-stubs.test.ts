import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeFindings } from './axe.js'
import { focusLandsOn } from './focus.js'
import { DESKTOP, LIVE, PHONE, useInspectorPage } from './inspector-page-session.js'

// Stubs and latency steered from the inspector page: a stub added and removed by keyboard in
// Steering, a journal entry's answer turned into a stub that outlives the record it came from,
// latency set in the page as the control plane reads it, and the new sections clean under axe.

const session = useInspectorPage({
  cleanUp: async (server) => {
    await server.service.reset()
    server.service.latency.reset()
  },
})

const tab = (page: Page, name: string) => page.locator(`[role="tab"]:text-is("${name}")`).click()

/** A request as a client sends it: its status, content type and body text. */
async function answerOf(path: string): Promise<{ status: number; type: string | null; body: string }> {
  const answer = await fetch(`${session.server.url}${path}`)
  return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() }
}

/** Types `text` into the field named `label`, from the keyboard. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.locator(`[aria-label="${label}"]`)
  await field.focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Backspace')
  await page.keyboard.type(text)
}

describe.each([
  { name: 'desktop', size: DESKTOP },
  { name: 'phone', size: PHONE },
])('stubs on the inspector page ($name)', ({ size }) => {
  it('adds a stub by keyboard that the next request gets, and removing it brings back the real answer', async () => {
    const real = await answerOf('/conversations?limit=1')
    const page = await session.open(size)
    await tab(page, 'Steering')
    const stubs = page.locator('section[aria-label="stubs"]')
    await stubs.locator('text=No stubs waiting.').waitFor(LIVE)

    // What the control plane refuses shows as its own message, beside the form.
    await typeInto(page, 'stub path', 'conversations')
    await page.keyboard.press('Enter')
    const error = stubs.locator('[role="alert"][aria-label="stubs error"]')
    await error.waitFor(LIVE)
    expect(await error.textContent()).toContain('Failed to add a stub: path is not a path starting with "/".')
    expect(session.server.service.stubs.list()).toEqual([])

    await typeInto(page, 'stub path', '/conversations')
    await typeInto(page, 'stub query', 'limit=1')
    await typeInto(page, 'stub status', '202')
    await typeInto(page, 'stub answer body', '{"stubbed": "{{query.limit}}"}')
    await page.locator('button', { hasText: 'Add stub' }).focus()
    await page.keyboard.press('Enter')
    const row = stubs.locator('ul[aria-label="stubs waiting"] li')
    await row.waitFor(LIVE)
    expect(await focusLandsOn(page, '#inspector', 'Add stub')).toBe('Add stub')
    expect(await row.textContent()).toContain(
      'GET /conversations?limit=1: answers 202, {"stubbed":"{{query.limit}}"}, every time',
    )
    expect(await error.count()).toBe(0)

    expect(await answerOf('/conversations?limit=1')).toEqual({
      status: 202,
      type: 'application/json',
      body: '{"stubbed":"1"}',
    })
    // Another query is not the stub's.
    expect((await answerOf('/conversations?limit=2')).status).toBe(200)

    const { id } = session.server.service.stubs.list()[0]!
    await page.locator(`button[aria-label="remove ${id}"]`).focus()
    await page.keyboard.press('Enter')
    expect(await focusLandsOn(page, '#inspector', 'Stubs')).toBe('Stubs')
    await stubs.locator('text=No stubs waiting.').waitFor(LIVE)
    expect(await answerOf('/conversations?limit=1')).toEqual(real)
  }, 60_000)

  it('adds a stub by keyboard that answers only a request carrying every header row, and keeps focus as rows go', async () => {
    const page = await session.open(size)
    await tab(page, 'Steering')
    const stubs = page.locator('section[aria-label="stubs"]')
    await stubs.locator('text=No stubs waiting.').waitFor(LIVE)

    await typeInto(page, 'stub path', '/conversations')
    await typeInto(page, 'stub status', '203')
    await typeInto(page, 'stub header 1 name', 'X-Tenant')
    await typeInto(page, 'stub header 1 value', 'acme')
    // Add header puts focus on the new row's name; a row removed hands focus on, never to the page.
    await page.locator('button', { hasText: 'Add header' }).focus()
    await page.keyboard.press('Enter')
    expect(await focusLandsOn(page, '#inspector', 'stub header 2 name')).toBe('stub header 2 name')
    await page.locator('button', { hasText: 'Add header' }).focus()
    await page.keyboard.press('Enter')
    expect(await focusLandsOn(page, '#inspector', 'stub header 3 name')).toBe('stub header 3 name')
    await typeInto(page, 'stub header 2 name', 'x-trace')
    await typeInto(page, 'stub header 2 value', 't1')
    await page.locator('[aria-label="remove header 3"]').focus()
    await page.keyboard.press('Enter')
    expect(await focusLandsOn(page, '#inspector', 'remove header 2')).toBe('remove header 2')
    expect(await page.locator('[aria-label="stub header 3 name"]').count()).toBe(0)

    await page.locator('button', { hasText: 'Add stub' }).focus()
    await page.keyboard.press('Enter')
    const row = stubs.locator('ul[aria-label="stubs waiting"] li')
    await row.waitFor(LIVE)
    expect(await row.textContent()).toContain(
      'GET /conversations, header X-Tenant: acme, header x-trace: t1: answers 203',
    )

    const statusWith = async (headers: Record<string, string>) => {
      const answer = await fetch(`${session.server.url}/conversations`, { headers })
      await answer.text()
      return answer.status
    }
    expect(await statusWith({ 'x-tenant': 'acme', 'x-trace': 't1' })).toBe(203)
    expect(await statusWith({ 'x-tenant': 'acme' })).toBe(200)
    expect(await statusWith({ 'x-trace': 't1' })).toBe(200)
    expect(await statusWith({ 'x-tenant': 'acme', 'x-trace': 't2' })).toBe(200)

    // The last rows removed, focus goes to Add header.
    for (const row of [2, 1]) {
      await page.locator(`[aria-label="remove header ${String(row)}"]`).focus()
      await page.keyboard.press('Enter')
    }
    expect(await focusLandsOn(page, '#inspector', 'Add header')).toBe('Add header')
  }, 60_000)

  it('stubs a journal entry’s answer, which the next request gets even once the record is deleted', async () => {
    const [asset] = session.server.service.store.all('asset')
    const path = `/asset/${asset!.id}`
    const real = await answerOf(path)
    expect(real.status).toBe(200)
    const page = await session.open(size)
    await tab(page, 'Journal')
    const journal = page.locator('[role="listbox"][aria-label="journal"]')
    await journal.locator('[role="option"]', { hasText: path }).first().click()
    await page.locator('button', { hasText: 'Stub this answer' }).click()
    const said = page.locator('[role="status"].cam-said')
    await said.waitFor(LIVE)
    expect(await said.textContent()).toContain(`every GET ${path} now answers 200 with this body`)

    await fetch(`${session.server.url}/__mock/assets/${asset!.id}`, { method: 'DELETE' }).then((answer) =>
      answer.text(),
    )
    expect(session.server.service.store.get('asset', asset!.id)).toBeUndefined()
    expect(await answerOf(path)).toEqual(real)

    await tab(page, 'Steering')
    const row = page.locator('section[aria-label="stubs"] ul[aria-label="stubs waiting"] li')
    await row.waitFor(LIVE)
    expect(await row.textContent()).toContain(`GET ${path}: answers 200 ${real.type}`)
  }, 60_000)

  it('disables Stub this answer, saying why, for an answer whose body the journal cut', async () => {
    session.server.service.stubs.add({
      method: 'GET',
      path: '/conversations',
      times: 1,
      answer: { body: 'x'.repeat(70_000) },
    })
    await answerOf('/conversations')
    const page = await session.open(size)
    await tab(page, 'Journal')
    await page.locator('[role="listbox"][aria-label="journal"] [role="option"]', { hasText: '/conversations' }).click()
    const button = page.locator('button', { hasText: 'Stub this answer' })
    await button.waitFor(LIVE)
    expect(await button.isDisabled()).toBe(true)
    const why = await button.evaluate(
      (element) =>
        element.getRootNode() instanceof ShadowRoot &&
        (element.getRootNode() as ShadowRoot).getElementById(element.getAttribute('aria-describedby')!)?.textContent,
    )
    expect(why).toContain('Only the first 64 KiB of this answer’s body is kept, so it cannot be stubbed whole.')
  }, 60_000)

  it('sets the latency in the page as the control plane reads it, says what it refuses, and clears it', async () => {
    const page = await session.open(size)
    await tab(page, 'Steering')
    const latency = page.locator('section[aria-label="latency"]')
    await latency.locator('p', { hasText: 'No latency' }).waitFor(LIVE)

    await typeInto(page, 'latency default', '70000')
    await page.keyboard.press('Enter')
    const error = latency.locator('[role="alert"][aria-label="latency error"]')
    await error.waitFor(LIVE)
    expect(await error.textContent()).toContain('60000')

    await typeInto(page, 'latency default', '25')
    await typeInto(page, 'latency jitter', '5')
    await page.keyboard.press('Enter')
    await latency.locator('p', { hasText: 'Every answer waits 25 ms, plus up to 5 ms.' }).waitFor(LIVE)
    expect(JSON.parse((await answerOf('/__mock/latency')).body)).toEqual({ default: 25, jitter: 5 })
    expect(await error.count()).toBe(0)

    await latency.locator('button', { hasText: 'Clear latency' }).click()
    await latency.locator('p', { hasText: 'No latency' }).waitFor(LIVE)
    expect(JSON.parse((await answerOf('/__mock/latency')).body)).toEqual({})
  }, 60_000)

  it('draws the operation-wait form before the latency settings load, so no control appears under the keyboard', async () => {
    const page = await (await session.newContext({ viewport: size })).newPage()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = () => {}
    const latencyAsked = new Promise<void>((resolve) => (asked = resolve))
    await page.route('**/__mock/latency', async (route) => {
      if (route.request().method() === 'GET') {
        asked()
        await held
      }
      await route.continue()
    })
    await page.goto(`${session.server.url}/__mock/ui`)
    await tab(page, 'Steering')
    await latencyAsked
    const latency = page.locator('section[aria-label="latency"]')
    await latency.locator('text=Loading…').waitFor(LIVE)
    expect(await latency.locator('[aria-label="latency operation"]').isVisible()).toBe(true)
    expect(await latency.locator('button', { hasText: 'Set operation latency' }).isEnabled()).toBe(true)

    // A wait set before the settings arrive is made to the settings in force, the default kept.
    session.server.service.latency.set({ default: 5 })
    await typeInto(page, 'latency operation', 'assetsSnapshot')
    await typeInto(page, 'latency operation ms', '30')
    await page.keyboard.press('Enter')
    release()
    await latency.locator('text=assetsSnapshot waits 30 ms').waitFor(LIVE)
    expect(session.server.service.latency.settings()).toEqual({ default: 5, perOperation: { assetsSnapshot: 30 } })
  })

  it('sets, lists and removes an operation’s own wait by keyboard, as the control plane reads it', async () => {
    session.server.service.latency.set({ default: 5, perOperation: { conversationsSnapshot: 40 } })
    const page = await session.open(size)
    await tab(page, 'Steering')
    const latency = page.locator('section[aria-label="latency"]')
    const waits = latency.locator('ul[aria-label="operation waits"] li')
    await waits.first().waitFor(LIVE)

    await typeInto(page, 'latency operation', 'assetsSnapshot')
    await typeInto(page, 'latency operation ms', '120')
    await page.keyboard.press('Enter')
    await latency.locator('li', { hasText: 'assetsSnapshot waits 120 ms' }).waitFor(LIVE)
    expect(JSON.parse((await answerOf('/__mock/latency')).body)).toEqual({
      default: 5,
      perOperation: { conversationsSnapshot: 40, assetsSnapshot: 120 },
    })

    // What the control plane refuses (an operation it does not know) shows as its message.
    await typeInto(page, 'latency operation', 'noSuchOperation')
    await page.keyboard.press('Enter')
    const error = latency.locator('[role="alert"][aria-label="latency error"]')
    await error.waitFor(LIVE)
    expect(await error.textContent()).toContain('noSuchOperation')

    await page.locator('[aria-label="remove conversationsSnapshot"]').focus()
    await page.keyboard.press('Enter')
    expect(await focusLandsOn(page, '#inspector', 'remove assetsSnapshot')).toBe('remove assetsSnapshot')
    await page.keyboard.press('Enter')
    expect(await focusLandsOn(page, '#inspector', 'Latency')).toBe('Latency')
    expect(await waits.count()).toBe(0)
    expect(JSON.parse((await answerOf('/__mock/latency')).body)).toEqual({ default: 5 })
  }, 60_000)

  it.each(['light', 'dark'] as const)(
    'has no serious findings or landmark gaps in Stubs, Latency and Stub this answer (%s theme)',
    async (scheme) => {
      await answerOf('/conversations')
      session.server.service.stubs.add({
        method: 'GET',
        path: '/asset/:asset',
        query: { a: '1' },
        times: 2,
        answer: { status: 404 },
      })
      session.server.service.latency.set({ default: 10, perOperation: { assetsSnapshot: 30 } })
      const page = await session.open(size, scheme)
      await tab(page, 'Steering')
      await page.locator('section[aria-label="stubs"] ul[aria-label="stubs waiting"] li').waitFor(LIVE)
      await page.locator('section[aria-label="latency"] p', { hasText: '10 ms' }).waitFor(LIVE)
      await page.locator('button', { hasText: 'Add header' }).click()
      await page.locator('[aria-label="stub header 2 name"]').waitFor(LIVE)
      expect(await seriousAxeFindings(page)).toEqual([])

      await tab(page, 'Journal')
      await page.locator('[role="listbox"][aria-label="journal"] [role="option"]').first().click()
      await page.locator('button', { hasText: 'Stub this answer' }).waitFor(LIVE)
      expect(await seriousAxeFindings(page)).toEqual([])
    },
    60_000,
  )
})

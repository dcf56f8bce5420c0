import { GONE_ASSET_ID, recordFrames } from 'conversation-asset-mock'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeFindings } from './axe.js'
import { buildTestPage, type TestPage } from './build-test-page.js'
import { DESKTOP, LIVE, PHONE, useInspectorPage } from './inspector-page-session.js'

// The inspector page of the standalone server, for what a developer reads in detail: the store
// against a snapshot, what a deleted record was, WebSocket sessions with their frames, an
// action's error beside the action, and Escape in a field.

const session = useInspectorPage({
  cleanUp: async (server) => {
    await server.service.reset()
    // A reset keeps snapshots: each test takes its own.
    for (const { id } of server.service.inspection.snapshots.list()) server.service.inspection.snapshots.delete(id)
  },
})

/** Creates a conversation through the service's own route, as a client would. */
async function createConversation(name: string): Promise<string> {
  const answer = await fetch(`${session.server.url}/conversations/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'COPILOT', name }),
  })
  return ((await answer.json()) as { id: string }).id
}

describe.each([
  { name: 'desktop', ...DESKTOP },
  { name: 'phone', ...PHONE },
])('the inspector page at $width×$height', (size) => {
  it('diffs the store against a snapshot: records added, changed with their fields, and removed', async () => {
    const page = await session.open(size)
    await page.locator('[role="tab"]:text-is("Steering")').click()
    await page.locator('input[aria-label="snapshot name"]').fill('before the demo')
    await page.locator('button', { hasText: 'Take snapshot' }).click()
    await page.locator('button[aria-label="diff before the demo"]').click()
    const diff = page.locator('[aria-label="snapshot diff"]')
    await diff.locator('text=Nothing changed').waitFor(LIVE)

    // The diff follows the store while it is open.
    await createConversation('Made after the snapshot')
    await fetch(`${session.server.url}/__mock/assets/${GONE_ASSET_ID}`, { method: 'DELETE' })
    const conversations = diff.locator('[aria-label="conversation changes"]')
    await conversations.locator('li.cam-diff-added', { hasText: 'Made after the snapshot' }).waitFor(LIVE)
    const assets = diff.locator('[aria-label="asset changes"]')
    await assets.locator('li.cam-diff-removed', { hasText: GONE_ASSET_ID }).waitFor(LIVE)
    expect(await assets.locator('h4').textContent()).toBe('asset: 0 added, 0 changed, 1 removed')
    // The conversations that held the asset lost it from their links.
    expect(await conversations.locator('li.cam-diff-changed').first().textContent()).toContain('fields: ')
    expect(await seriousAxeFindings(page, '#inspector')).toEqual([])
  }, 60_000)

  it('shows what a deleted record was and when it was deleted', async () => {
    const name = session.server.service.inspection.record('asset', GONE_ASSET_ID)!.label
    session.server.service.clock.freeze('2024-05-01T12:00:00.000Z')
    await fetch(`${session.server.url}/__mock/assets/${GONE_ASSET_ID}`, { method: 'DELETE' })
    const page = await session.open(size)
    await page.locator('[aria-label="record kinds"] button', { hasText: /^asset/ }).click()
    const row = page.locator('ul[aria-label="records"] li button', { hasText: name })
    expect(await row.locator('.cam-badge-gone').textContent()).toBe('gone')
    await row.click()
    const deletion = page.locator('[aria-label="deletion"]')
    await deletion.waitFor(LIVE)
    expect(await deletion.textContent()).toContain(`Deleted at 2024-05-01 12:00:00 UTC: it was the asset “${name}”.`)
  }, 60_000)

  it("shows an action's error beside the action, and clears it on the next success", async () => {
    const page = await session.open(size)
    await page.locator('[role="tab"]:text-is("Steering")').click()
    await page.locator('input[aria-label="asset id"]').fill('no-such-asset')
    await page.locator('button', { hasText: 'Delete the asset' }).click()
    const error = page.locator('[role="alert"][aria-label="another client error"]')
    await error.waitFor(LIVE)
    expect(await error.textContent()).toContain('The asset "no-such-asset" is not in the store.')
    // Beside its form, and nowhere else.
    const form = page.locator('section[aria-label="another client"]')
    expect(await form.locator('[role="alert"]').count()).toBe(1)
    expect(await page.locator('[role="alert"]').count()).toBe(1)

    await page.locator('section[aria-label="clock"] button', { hasText: 'Freeze' }).click()
    await page.locator('section[aria-label="clock"] button', { hasText: 'Resume' }).waitFor(LIVE)
    expect(await page.locator('[role="alert"]').count()).toBe(0)
  }, 60_000)
})

describe('a copilot session in the journal of the inspector page', () => {
  it('lists the WebSocket as a row whose entry shows its frames and the answer as text', async () => {
    session.server.service.copilot.reply({ chunks: ['Use a ', 'debounce ', 'hook.'] })
    const socket = new WebSocket(session.server.streamUrls.qgpt)
    const frames = recordFrames<{ status: string }>(socket)
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send(JSON.stringify({ question: { query: 'How do I debounce?', relevant: { iterable: [] } } }))
    await frames.next((frame) => frame.status === 'COMPLETED')

    const page = await session.open(PHONE)
    await page.locator('[role="tab"]:text-is("Journal")').click()
    await page.locator('[role="listbox"][aria-label="journal"] [role="option"][data-operation="qgptStream"]').click()
    const answer = page.locator('section[aria-label="copilot answer"]')
    await answer.waitFor(LIVE)
    expect(await answer.locator('p').textContent()).toBe('Use a debounce hook.')
    expect(await answer.locator('.cam-badge').textContent()).toBe('completed')
    expect(await page.locator('ol[aria-label="session frames"] li[data-direction="sent"]').count()).toBe(
      frames.frames.length,
    )
    expect(await seriousAxeFindings(page, '#inspector')).toEqual([])
    socket.close()
  }, 60_000)
})

describe('Escape in a text field of the inspector panel', () => {
  let site: TestPage

  beforeAll(async () => {
    site = await buildTestPage()
  }, 60_000)
  afterAll(() => site?.close())

  it('clears the field first, then leaves it, and only then closes the panel', async () => {
    const context = await session.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    await page.goto(`${site.url}/index.html?inspector`)
    await page.waitForFunction(() => (window as { mockReady?: boolean }).mockReady === true, undefined, LIVE)
    await page.locator('button[aria-label="Open the conversation-asset-mock inspector"]').click()
    const panel = page.locator('[role="dialog"][aria-label="conversation-asset-mock inspector"]')
    const search = panel.locator('input[aria-label="search records"]')
    await search.fill('no such record')
    await panel.locator('text=No conversation records match.').waitFor(LIVE)

    await search.press('Escape')
    expect(await search.inputValue()).toBe('')
    // The list follows the cleared field.
    await panel.locator('ul[aria-label="records"] li').first().waitFor(LIVE)
    expect(await panel.isVisible()).toBe(true)

    await search.press('Escape')
    expect(await panel.isVisible()).toBe(true)
    expect(await search.evaluate((field) => field.matches(':focus'))).toBe(false)

    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'hidden', ...LIVE })
  }, 60_000)
})

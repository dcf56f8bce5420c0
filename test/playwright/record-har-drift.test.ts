import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkDrift } from '../../src/replay/drift/check-drift.js'
import { fixturesFromHar } from '../../src/replay/har/fixtures-from-har.js'
import { openHarFile } from '../../src/replay/har/har-source.js'
import { startStandaloneServer } from '../../src/server/start-standalone-server.js'
import { launchChromium } from '../browser/launch-chromium.js'

let browser: Browser
beforeAll(async () => {
  // A page served by a route is not on the local network to Chromium: let it open the service's streams.
  browser = await launchChromium(['--disable-features=LocalNetworkAccessChecks'])
})
afterAll(() => browser?.close())

/**
 * What the page does, in the browser: it listens to the conversation
 * identifiers stream, lists the chats, starts one, renames it, asks the
 * copilot in it over `/qgpt/stream`, lists the chats again and deletes it.
 */
function pageSession(base: string): Promise<void> {
  const ws = base.replace(/^http/, 'ws')
  const json = async (path: string, init?: { method: string; body?: unknown }) => {
    const response = await fetch(`${base}${path}`, {
      method: init?.method ?? 'GET',
      headers: { 'content-type': 'application/json' },
      ...(init?.body !== undefined && { body: JSON.stringify(init.body) }),
    })
    return (await response.json()) as Record<string, unknown> & { id: string }
  }
  const frames = (socket: WebSocket, until: (frame: Record<string, unknown>, count: number) => boolean) =>
    new Promise<void>((resolve) => {
      let count = 0
      socket.addEventListener('message', (event) => {
        count++
        if (until(JSON.parse(String(event.data)) as Record<string, unknown>, count)) resolve()
      })
    })
  return (async () => {
    const identifiers = new WebSocket(`${ws}/conversations/stream/identifiers`)
    let seen = 0
    identifiers.addEventListener('message', () => seen++)
    const framesSeen = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (seen >= count ? resolve() : setTimeout(check, 5))
        check()
      })
    await framesSeen(1)
    await json('/conversations')
    const created = await json('/conversations/create', {
      method: 'POST',
      body: { type: 'COPILOT', name: 'From the page' },
    })
    await framesSeen(2)
    const read = await json(`/conversation/${created.id}`)
    await json('/conversation/update', { method: 'POST', body: { ...read, name: 'Renamed on the page' } })
    await framesSeen(3)
    const copilot = new WebSocket(`${ws}/qgpt/stream`)
    await new Promise((resolve) => copilot.addEventListener('open', resolve))
    const completed = frames(copilot, (frame) => frame.status === 'COMPLETED')
    copilot.send(
      JSON.stringify({
        question: { query: 'How do I debounce?', relevant: { iterable: [] } },
        conversation: created.id,
      }),
    )
    await completed
    copilot.close()
    await json('/conversations')
    await fetch(`${base}/conversations/${created.id}/delete`, { method: 'POST' }).then((response) => response.text())
    await json('/conversations/identifiers')
    identifiers.close()
  })()
}

describe("a HAR written by Playwright's recordHar on Chromium, of a page that uses a second mock", () => {
  it('replays with no differences, and its import serves the conversations in the order the page saw them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'record-har-'))
    const har = join(dir, 'page.har')
    // Another seed than the replay's: the ids the service gives new records differ, as a real service's would.
    const upstream = await startStandaloneServer({ port: 0, seed: 7, copilotPaceMs: 0 })
    try {
      const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } })
      // The page is served at the service's origin, as a local app's page talks to the service on its own host.
      const app = `${upstream.url}/app.html`
      await context.route(app, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title>' }),
      )
      const page = await context.newPage()
      await page.goto(app)
      await page.evaluate(pageSession, upstream.url)
      await context.close()
    } finally {
      await upstream.close()
    }
    const text = await readFile(har, 'utf8')
    expect(text).toContain('"_webSocketMessages"')
    const report = await checkDrift(await openHarFile(har))
    expect(report.differences).toEqual([])
    expect(report.replayed).toBeGreaterThan(8)
    const { fixtures } = await fixturesFromHar(await openHarFile(har))
    const listed = JSON.parse(text).log.entries.find((entry: { request: { url: string } }) =>
      entry.request.url.endsWith('/conversations'),
    ).response.content.text as string
    const order = (JSON.parse(listed) as { iterable: Array<{ id: string }> }).iterable.map(({ id }) => id)
    expect(fixtures.conversation?.map(({ id }) => id).filter((id) => order.includes(id))).toEqual(order)
  })
})

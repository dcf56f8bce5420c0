import { recordFrames } from 'conversation-asset-mock'
import type { Page } from 'playwright-core'
import { WebSocket } from 'ws'
import { describe, expect, it } from 'vitest'
import { DESKTOP, LIVE, useInspectorPage } from './inspector-page-session.js'

// The inspector page following the mock while it sits idle: stubs and latency changed through
// the control plane show at once, and the frames a client sends on a stream show in Streams
// beside the mock's, each with its direction.

const session = useInspectorPage({
  cleanUp: async (server) => {
    await server.service.reset()
    server.service.stubs.clear()
    server.service.latency.reset()
  },
})

const tab = (page: Page, name: string) => page.locator(`[role="tab"]:text-is("${name}")`).click()

/** Posts to the control plane as a test script would, reading its answer. */
async function control(path: string, body: unknown): Promise<number> {
  const answer = await fetch(`${session.server.url}/__mock${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  await answer.text()
  return answer.status
}

describe('the inspector page, live', () => {
  it('lists a stub added through the control plane in Steering without any other request', async () => {
    const page = await session.open(DESKTOP)
    await tab(page, 'Steering')
    const stubs = page.locator('section[aria-label="stubs"]')
    await stubs.locator('text=No stubs waiting.').waitFor(LIVE)

    expect(await control('/stubs', { method: 'GET', path: '/assets', answer: { status: 418 } })).toBe(201)

    const row = stubs.locator('ul[aria-label="stubs waiting"] li', { hasText: 'GET /assets' })
    await row.waitFor(LIVE)
    expect(await row.textContent()).toContain('answers 418')
  }, 60_000)

  it('shows latency set through the control plane in Steering without any other request', async () => {
    const page = await session.open(DESKTOP)
    await tab(page, 'Steering')
    const latency = page.locator('section[aria-label="latency"]')
    await latency.locator('p', { hasText: 'No latency' }).waitFor(LIVE)

    expect(await control('/latency', { default: 30, jitter: 10 })).toBeLessThan(300)

    await latency.locator('p', { hasText: 'Every answer waits 30 ms, plus up to 10 ms.' }).waitFor(LIVE)
  }, 60_000)

  it("lists a frame a client sends on a stream socket in Streams, marked as the client's", async () => {
    const page = await session.open(DESKTOP)
    await tab(page, 'Streams')
    const socket = new WebSocket(session.server.streamUrls.qgpt)
    const frames = recordFrames<{ status: string }>(socket)
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send(JSON.stringify({ question: { query: 'Which hook debounces?', relevant: { iterable: [] } } }))
    await frames.next((frame) => frame.status === 'COMPLETED')

    const sent = page.locator('table[aria-label="frames"] tr[data-direction="received"]', {
      hasText: 'Which hook debounces?',
    })
    await sent.waitFor(LIVE)
    expect(await sent.locator('[role="img"]').getAttribute('aria-label')).toBe('sent by the client')
    expect(await sent.textContent()).toContain('qgpt')
    socket.close()
  }, 60_000)
})

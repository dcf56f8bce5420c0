import { once } from 'node:events'
import { connect, createServer, type Server } from 'node:net'
import { setupMockServer, type MockServer } from 'conversation-asset-mock/node'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

/** POSTs `{ type }` to one of the OS's applet routes. */
const postApplet = (baseUrl: string, route: 'launch' | 'terminate', type: string) =>
  fetch(`${baseUrl}/os/applet/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type }),
  })
const launch = async (baseUrl: string, type: string) => {
  const response = await postApplet(baseUrl, 'launch', type)
  expect(response.status).toBe(200)
  return ((await response.json()) as { port: number }).port
}
const terminate = (baseUrl: string) => fetch(`${baseUrl}/os/terminate`, { method: 'POST' })
/** Terminates one applet; resolves once its 204 is read. */
const terminateApplet = async (baseUrl: string, type: string) => {
  const terminated = await postApplet(baseUrl, 'terminate', type)
  expect(terminated.status).toBe(204)
  await terminated.text()
}

/** Holds a port on 127.0.0.1 until closed; resolves whether it took it or another process already had it. */
function holdPort(port: number): Promise<Server> {
  const holder = createServer()
  return new Promise((resolve) => {
    holder.once('error', () => resolve(holder))
    holder.listen(port, '127.0.0.1', () => resolve(holder))
  })
}

/** Runs `body` while `port` is held by another listener, then lets it go and terminates every applet. */
async function withPortHeld(port: number, baseUrl: string, body: () => Promise<void>): Promise<void> {
  const holder = await holdPort(port)
  try {
    await body()
  } finally {
    holder.close()
    await (await terminate(baseUrl)).text()
  }
}

describe('launched applets on the standalone server', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('answers on the port a launch returns with the copilot conversations, drive assets and settings', async () => {
    const conversation = [...server.service.store.all('conversation')][0]!
    const asset = [...server.service.store.all('asset')].find((a) => a.name)!
    const expected: Array<[string, string]> = [
      ['COPILOT', conversation.name!],
      ['SAVED_MATERIALS', asset.name!],
      ['PIECES_SUITE_SETTINGS_AND_INTEGRATIONS_MANAGER', `PiecesOS version: ${server.service.info.version}`],
    ]
    for (const [type, text] of expected) {
      const port = await launch(server.url, type)
      const page = await fetch(`http://127.0.0.1:${port}/`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await page.text()
      expect(html).toContain(`data-applet="${type}"`)
      const escaped = text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
      expect(html).toContain(escaped)
      expect(await launch(server.url, type)).toBe(port)
    }
  })

  it('refuses connections on an applet port once the service is terminated', async () => {
    const port = await launch(server.url, 'GLOBAL_SEARCH')
    const page = await fetch(`http://127.0.0.1:${port}/`)
    expect(page.status).toBe(200)
    await page.text()
    const terminated = await terminate(server.url)
    expect(terminated.status).toBe(204)
    await terminated.text()
    const refused = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error as Error)
    expect(refused).toBeInstanceOf(Error)
    expect(String((refused as Error & { cause?: unknown }).cause)).toMatch(/ECONNREFUSED/)
  })

  it('closes an applet port when the applet is terminated, and opens it again on its next launch', async () => {
    const port = await launch(server.url, 'WORKSTREAM_ACTIVITY')
    // A connection held across the terminate closes with the applet's listener.
    const held = connect({ port, host: '127.0.0.1' })
    held.on('error', () => undefined)
    await once(held, 'connect')
    const closed = once(held, 'close')
    await terminateApplet(server.url, 'WORKSTREAM_ACTIVITY')
    await closed
    const refused = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error as Error)
    expect(refused).toBeInstanceOf(Error)
    expect(String((refused as Error & { cause?: unknown }).cause)).toMatch(/ECONNREFUSED/)

    expect(await launch(server.url, 'WORKSTREAM_ACTIVITY')).toBe(port)
    const page = await fetch(`http://127.0.0.1:${port}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('data-applet="WORKSTREAM_ACTIVITY"')
  })

  it('opens a terminated applet again on the port it answered on last while its own port stays taken', async () => {
    const own = 39400 + 11 // NOTIFICATIONS_MANAGER's own port
    await withPortHeld(own, server.url, async () => {
      const port = await launch(server.url, 'NOTIFICATIONS_MANAGER')
      expect(port).not.toBe(own)
      await terminateApplet(server.url, 'NOTIFICATIONS_MANAGER')
      expect(await launch(server.url, 'NOTIFICATIONS_MANAGER')).toBe(port)
      const page = await fetch(`http://127.0.0.1:${port}/`)
      expect(await page.text()).toContain('data-applet="NOTIFICATIONS_MANAGER"')
    })
  })

  it('serves an applet whose port is taken on another free port, and the launch answers which', async () => {
    const own = 39400 + 10 // UPDATES_AND_UPCOMING's own port
    await withPortHeld(own, server.url, async () => {
      const port = await launch(server.url, 'UPDATES_AND_UPCOMING')
      expect(port).not.toBe(own)
      const page = await fetch(`http://127.0.0.1:${port}/`)
      expect(page.status).toBe(200)
      await page.text()
    })
  })
})

describe('launched applets in process (msw/node)', () => {
  let mock: MockServer
  beforeAll(async () => {
    mock = setupMockServer()
    await mock.listen()
  })
  afterAll(() => mock.close())

  it('answers http://localhost:<port>/ with the applet page until the service is terminated', async () => {
    const port = await launch(mock.baseUrl, 'COPILOT')
    const page = await fetch(`http://localhost:${port}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('data-applet="COPILOT"')
    await (await terminate(mock.baseUrl)).text()
    // Unhandled from then on: MSW's "error" strategy fails the request and says so on console.error.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      await expect(fetch(`http://localhost:${port}/`)).rejects.toThrow()
      expect(String(reported.mock.calls[0]?.[0])).toContain(`GET http://localhost:${port}/`)
    } finally {
      reported.mockRestore()
    }
  })
})

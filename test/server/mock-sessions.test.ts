import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'

let server: StandaloneServer | undefined
afterEach(() => server?.close())

async function create(url: string, name: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${url}/conversations/create`, {
    method: 'POST',
    body: JSON.stringify({ type: 'COPILOT', name }),
    headers: { 'content-type': 'application/json', ...headers },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { id: string }).id
}

async function names(url: string, headers: Record<string, string> = {}): Promise<string[]> {
  const response = await fetch(`${url}/conversations`, { headers })
  const body = (await response.json()) as { iterable: { name?: string }[] }
  return body.iterable.map((conversation) => conversation.name ?? '')
}

/** The first frame of the conversations identifier stream at a URL, with the headers given. */
function firstIdentifiers(url: string, headers: Record<string, string> = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.once('message', (data) => {
      const frame = JSON.parse(String(data)) as { iterable: { conversation: { id: string } }[] }
      resolve(frame.iterable.map((item) => item.conversation.id))
      socket.close()
    })
    socket.once('error', reject)
  })
}

describe('sessions on the standalone server', () => {
  it('answers each x-mock-session from a store of its own, and requests without one from the default', async () => {
    server = await startStandaloneServer({ port: 0 })
    await create(server.url, 'Only in a', { 'x-mock-session': 'a' })
    await create(server.url, 'Only in b', { 'x-mock-session': 'b' })

    expect(await names(server.url, { 'x-mock-session': 'a' })).toContain('Only in a')
    expect(await names(server.url, { 'x-mock-session': 'a' })).not.toContain('Only in b')
    expect(await names(server.url, { 'x-mock-session': 'b' })).not.toContain('Only in a')
    expect(await names(server.url)).not.toContain('Only in a')
    expect(await names(server.url)).not.toContain('Only in b')
  })

  it('takes the session from the mock-session cookie as from the header', async () => {
    server = await startStandaloneServer({ port: 0 })
    await create(server.url, 'Made by cookie', { cookie: 'theme=dark; mock-session=c1' })
    expect(await names(server.url, { 'x-mock-session': 'c1' })).toContain('Made by cookie')
    expect(await names(server.url)).not.toContain('Made by cookie')
  })

  it('steers a session through the control API without touching the default mock', async () => {
    server = await startStandaloneServer({ port: 0 })
    const before = server.service.store.count('conversation')
    await create(server.url, 'Reset away', { 'x-mock-session': 's' })
    const reset = await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 's' } })
    expect(reset.status).toBeLessThan(300)
    expect(await names(server.url, { 'x-mock-session': 's' })).not.toContain('Reset away')
    expect(server.service.store.count('conversation')).toBe(before)
  })

  it('lets a page of another origin send x-mock-session: the preflight allows the header', async () => {
    server = await startStandaloneServer({ port: 0 })
    const preflight = await fetch(`${server.url}/conversations/create`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-mock-session',
      },
    })
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-mock-session')
  })

  it('answers 400 naming the rule to a session id it does not take, and changes nothing', async () => {
    server = await startStandaloneServer({ port: 0 })
    const before = server.service.store.count('conversation')
    const response = await fetch(`${server.url}/conversations/create`, {
      method: 'POST',
      body: JSON.stringify({ type: 'COPILOT', name: 'refused' }),
      headers: { 'content-type': 'application/json', 'x-mock-session': 'not/valid' },
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/1 to 64 letters, digits/)
    expect(server.service.store.count('conversation')).toBe(before)
  })

  it('serves a session’s streams to a WebSocket naming it by ?mockSession= or by cookie', async () => {
    server = await startStandaloneServer({ port: 0 })
    const id = await create(server.url, 'Streamed', { 'x-mock-session': 'w' })
    const stream = server.streamUrls.conversations
    expect(await firstIdentifiers(`${stream}?mockSession=w`)).toContain(id)
    expect(await firstIdentifiers(stream, { cookie: 'mock-session=w' })).toContain(id)
    expect(await firstIdentifiers(stream)).not.toContain(id)
  })

  it('drops a session left idle past sessionIdleMs: named again, it starts from the scenario', async () => {
    let now = 0
    server = await startStandaloneServer({ port: 0, sessionIdleMs: 60_000, sessionNow: () => now })
    await create(server.url, 'Forgotten', { 'x-mock-session': 'idle' })
    expect(await names(server.url, { 'x-mock-session': 'idle' })).toContain('Forgotten')
    now = 60_000
    expect(await names(server.url, { 'x-mock-session': 'idle' })).not.toContain('Forgotten')
  })

  it('keeps at most maxSessions: the least recently used is dropped for a new one', async () => {
    server = await startStandaloneServer({ port: 0, maxSessions: 2 })
    await create(server.url, 'Oldest', { 'x-mock-session': 'one' })
    await create(server.url, 'Kept', { 'x-mock-session': 'two' })
    await names(server.url, { 'x-mock-session': 'three' })
    expect(await names(server.url, { 'x-mock-session': 'two' })).toContain('Kept')
    expect(await names(server.url, { 'x-mock-session': 'one' })).not.toContain('Oldest')
  })

  it('answers each session its own cached reads: a write in one shows in no other', async () => {
    server = await startStandaloneServer({ port: 0 })
    const a = { 'x-mock-session': 'cache-a' }
    const b = { 'x-mock-session': 'cache-b' }
    // Each read three times: the second is kept, the third answered from that mock's read cache.
    for (let round = 0; round < 3; round++) {
      await names(server.url, a)
      await names(server.url, b)
      await names(server.url)
    }
    await create(server.url, 'Written in a', a)
    for (let round = 0; round < 2; round++) {
      expect(await names(server.url, a)).toContain('Written in a')
      expect(await names(server.url, b)).not.toContain('Written in a')
      expect(await names(server.url)).not.toContain('Written in a')
    }
    // Every read is journaled by the mock that answered it, cached or not: the default one's five.
    expect(server.service.journal.entries.filter((entry) => entry.path === '/conversations')).toHaveLength(5)
  })
})

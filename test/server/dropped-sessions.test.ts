import { once } from 'node:events'
import type { IncomingMessage } from 'node:http'
import { createMockService } from 'conversation-asset-mock'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { checkModel } from '../contract/check-model.js'

let server: StandaloneServer | undefined
const sockets: WebSocket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate()
  await server?.close()
  server = undefined
})

type Frame = { status?: string; request?: string; conversation?: string; iterable?: { conversation: { id: string } }[] }

/** A WebSocket and every frame it got, with its close code and reason once it closes. */
function record(url: string) {
  const socket = new WebSocket(url)
  sockets.push(socket)
  const frames: Frame[] = []
  const waiters = new Set<() => void>()
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame)
    for (const waiter of waiters) waiter()
  })
  const opened = once(socket, 'open')
  // A socket refused before it opens rejects `opened`: tests that expect a refusal do not wait on it.
  opened.catch(() => undefined)
  // Not events.once: it would reject on the socket's error, and a refused upgrade is one.
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  return {
    socket,
    frames,
    closed,
    opened,
    /** Resolves with the first frame (from the start) that matches. */
    until(match: (frame: Frame) => boolean): Promise<Frame> {
      return new Promise((resolve) => {
        const check = () => {
          const found = frames.find(match)
          if (!found) return
          waiters.delete(check)
          resolve(found)
        }
        waiters.add(check)
        check()
      })
    },
  }
}

const idsOf = (frame: Frame) => (frame.iterable ?? []).map((item) => item.conversation.id)

/** Drops the least recently used session (`maxSessions: 1`) by naming another one. */
async function nameAnotherSession(url: string, id: string): Promise<void> {
  const response = await fetch(`${url}/conversations`, { headers: { 'x-mock-session': id } })
  expect(response.status).toBe(200)
  await response.text()
}

const DROPPED = {
  code: 1001,
  reason: 'Mock session dropped: least recently used past maxSessions (1). Reconnect to start it afresh.',
}

describe('a mock session dropped while its streams are open', () => {
  it('ends a streaming copilot answer with STOPPED, then closes every socket of it with 1001 and a reason saying why', async () => {
    server = await startStandaloneServer({ port: 0, maxSessions: 1 })
    const scripted = await fetch(`${server.url}/__mock/copilot/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'a' },
      body: JSON.stringify({ chunks: Array.from({ length: 50 }, (_, index) => `chunk ${index} `), paceMs: 200 }),
    })
    expect(scripted.status).toBe(201)
    await scripted.text()
    const copilot = record(`${server.streamUrls.qgpt}?mockSession=a`)
    const identifiers = record(`${server.streamUrls.conversations}?mockSession=a`)
    await Promise.all([copilot.opened, identifiers.until(() => true)])
    copilot.socket.send(JSON.stringify({ question: { query: 'Count', relevant: { iterable: [] } }, request: 'r-1' }))
    await copilot.until((frame) => frame.status === 'IN-PROGRESS')

    await nameAnotherSession(server.url, 'b')

    expect(await copilot.closed).toEqual(DROPPED)
    expect(await identifiers.closed).toEqual(DROPPED)
    const last = copilot.frames.at(-1)!
    expect(last).toMatchObject({ request: 'r-1', status: 'STOPPED' })
    expect(checkModel(last, 'QGPTStreamOutput')).toEqual([])
    expect(copilot.frames.filter((frame) => frame.status !== 'IN-PROGRESS').map((frame) => frame.status)).toEqual([
      'INITIALIZED',
      'STOPPED',
    ])
  })

  it('gives a new connection naming the dropped session a fresh session, from the scenario', async () => {
    server = await startStandaloneServer({ port: 0, maxSessions: 1, maxStreamClients: 2 })
    const created = await fetch(`${server.url}/conversations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'a' },
      body: JSON.stringify({ type: 'COPILOT', name: 'Only before the drop' }),
    })
    const { id } = (await created.json()) as { id: string }
    const held = [
      record(`${server.streamUrls.conversations}?mockSession=a`),
      record(`${server.streamUrls.qgpt}?mockSession=a`),
    ]
    expect(idsOf(await held[0]!.until(() => true))).toContain(id)
    await held[1]!.opened

    await nameAnotherSession(server.url, 'b')
    for (const socket of held) expect(await socket.closed).toEqual(DROPPED)

    // The scenario's conversations, as the default mock (never written to) holds them.
    const listed = await fetch(`${server.url}/conversations`)
    const expected = ((await listed.json()) as { iterable: { id: string }[] }).iterable.map((item) => item.id).sort()
    expect(expected.length).toBeGreaterThan(0)
    // The dropped session's sockets gave their places back: a new one is taken (the server learns of closes on its own turn).
    for (let attempt = 0; ; attempt++) {
      const fresh = record(`${server.streamUrls.conversations}?mockSession=a`)
      fresh.socket.on('error', () => undefined)
      const first = await Promise.race([fresh.until(() => true), fresh.closed.then(() => undefined)])
      if (first) {
        expect(idsOf(first)).not.toContain(id)
        expect(idsOf(first).sort()).toEqual(expected)
        break
      }
      expect(attempt).toBeLessThan(100)
    }
  })
})

describe('a mock session dropped for being unused', () => {
  it('closes its sockets with 1001 and a reason naming sessionIdleMs', async () => {
    let now = 0
    server = await startStandaloneServer({ port: 0, sessionIdleMs: 60_000, sessionNow: () => now })
    const idle = record(`${server.streamUrls.conversations}?mockSession=idle`)
    await idle.until(() => true)
    now = 60_000
    // Sessions unused that long are swept when a session is next named.
    await nameAnotherSession(server.url, 'busy')
    expect(await idle.closed).toEqual({
      code: 1001,
      reason: 'Mock session dropped: unused for 60000 ms (sessionIdleMs). Reconnect to start it afresh.',
    })
  })
})

describe('a mock session opened by a WebSocket', () => {
  it('sends the session’s records in its first identifier frame', async () => {
    server = await startStandaloneServer({ port: 0 })
    const byDefault = record(server.streamUrls.conversations)
    const expected = idsOf(await byDefault.until(() => true))
    expect(expected.length).toBeGreaterThan(0)

    const opened = record(`${server.streamUrls.conversations}?mockSession=first-by-socket`)
    const first = await opened.until(() => true)
    expect(idsOf(first)).toEqual(expected)
  })

  it('refuses the upgrade with 507 naming the budget when the session’s records do not fit, opening nothing', async () => {
    const seeded = createMockService()
    await seeded.ready
    const { used } = seeded.store.bytes()
    seeded.close()
    server = await startStandaloneServer({ port: 0, maxStoreBytes: Math.ceil(used * 1.5) })

    const refused = record(`${server.streamUrls.conversations}?mockSession=late`)
    refused.socket.on('error', () => undefined)
    const [, response] = (await once(refused.socket, 'unexpected-response')) as [unknown, IncomingMessage]
    expect(response.statusCode).toBe(507)
    response.setEncoding('utf8')
    let text = ''
    for await (const chunk of response) text += chunk as string
    expect(text).toContain('budget (maxStoreBytes)')
    expect(refused.frames).toEqual([])
  })
})

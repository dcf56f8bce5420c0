import { once } from 'node:events'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { controlClient, createMockService } from 'conversation-asset-mock'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseServeArguments } from '../../src/cli/serve-options.js'
import { read } from '../support/read.js'
import { createLatency } from '../../src/control/latency/latency.js'

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

describe('latency on the standalone server', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0, latency: { perOperation: { conversationsSnapshot: 300 } } })
  })
  beforeEach(() => server.service.reset())
  afterAll(() => server.close())

  it('makes an operation wait its own latency: a slow list is answered after a quick read sent later', async () => {
    const order: string[] = []
    const slow = fetch(`${server.url}/conversations`)
      .then(read)
      .then(() => order.push('conversationsSnapshot'))
    const quick = fetch(`${server.url}/assets/identifiers`)
      .then(read)
      .then(() => order.push('assetsIdentifiersSnapshot'))
    await Promise.all([slow, quick])
    expect(order).toEqual(['assetsIdentifiersSnapshot', 'conversationsSnapshot'])
  })

  it('is set at run time over the control plane, read back, and restored by reset', async () => {
    expect(await controlClient(server.url).setLatency({ default: 5, jitter: 10 })).toEqual({ default: 5, jitter: 10 })
    expect(await (await fetch(`${server.url}/__mock/latency`)).json()).toEqual({ default: 5, jitter: 10 })
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' }).then(read)
    expect(await (await fetch(`${server.url}/__mock/latency`)).json()).toEqual({
      perOperation: { conversationsSnapshot: 300 },
    })
  })

  it('refuses settings that cannot work, naming the field, and keeps the ones in force', async () => {
    const refused = await fetch(`${server.url}/__mock/latency`, json({ default: -1 }))
    expect(refused.status).toBe(400)
    expect(await refused.text()).toBe(
      'Failed to set the latency: default is -1. Give a whole number of milliseconds from 0 to 60000.',
    )
    const unknown = await fetch(`${server.url}/__mock/latency`, json({ perOperation: { conversationSnapshot: 5 } }))
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('conversationSnapshot')
    expect(await (await fetch(`${server.url}/__mock/latency`)).json()).toEqual({
      perOperation: { conversationsSnapshot: 300 },
    })
  })

  it("lets a fault's own delay replace the operation's latency", async () => {
    server.service.latency.set({ perOperation: { conversationsSnapshot: 60_000 } })
    server.service.faults.add({ operation: 'conversationsSnapshot', status: 503, delayMs: 1, times: 1 })
    expect((await fetch(`${server.url}/conversations`).then(read)).status).toBe(503)
  })

  it('makes stream frames wait the default latency, so each comes after the answer of the write that sent it, in order', async () => {
    server.service.latency.set({ default: 20 })
    const socket = new WebSocket(server.streamUrls.conversations)
    await once(socket, 'message')
    const events: string[] = []
    const framesSeen = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        const [entry] = (JSON.parse(String(data)) as { iterable: { conversation: { id: string } }[] }).iterable
        events.push(`frame ${entry!.conversation.id}`)
        if (events.filter((event) => event.startsWith('frame')).length === 3) resolve()
      }),
    )
    const created: string[] = []
    for (let index = 0; index < 3; index++) {
      const answer = await fetch(`${server.url}/conversations/create`, { method: 'POST', body: '{"type":"COPILOT"}' })
      const { id } = (await answer.json()) as { id: string }
      events.push(`answer ${id}`)
      created.push(id)
    }
    await framesSeen
    for (const id of created) expect(events.indexOf(`answer ${id}`)).toBeLessThan(events.indexOf(`frame ${id}`))
    expect(events.filter((event) => event.startsWith('frame'))).toEqual(created.map((id) => `frame ${id}`))
    socket.close()
    await once(socket, 'close')
  })
})

describe('latency settings', () => {
  it('draws jitter from the seed, so two mocks of one seed wait alike, within default..default+jitter', () => {
    const draw = () => {
      const latency = createLatency(7, { default: 10, jitter: 100 })
      return Array.from({ length: 20 }, () => latency.delayFor('assetsSnapshot'))
    }
    const first = draw()
    expect(draw()).toEqual(first)
    expect(first.every((delay) => delay >= 10 && delay <= 110)).toBe(true)
    expect(new Set(first).size).toBeGreaterThan(1)
  })

  it('is the latency option of an in-process mock too, refused at creation when it cannot work', () => {
    expect(createMockService({ latency: { default: 7 } }).latency.settings()).toEqual({ default: 7 })
    expect(() => createMockService({ latency: { jitter: 1.5 } })).toThrow(
      'Failed to set the latency: jitter is 1.5. Give a whole number of milliseconds from 0 to 60000.',
    )
  })

  it.each([
    ['120', { default: 120 }],
    ['50..200', { default: 50, jitter: 150 }],
  ])('reads --delay %s as a latency for every answer', (value, latency) => {
    const parsed = parseServeArguments(['--delay', value])
    expect('options' in parsed && parsed.options.latency).toEqual(latency)
  })

  it.each(['fast', '200..50', '1..2..3', '60001'])('refuses --delay %s, saying what it takes', (value) => {
    expect(parseServeArguments(['--delay', value])).toEqual({
      problem: `--delay takes milliseconds from 0 to 60000, or a range such as 50..200, got "${value}"`,
    })
  })
})

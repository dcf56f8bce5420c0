import { createHash } from 'node:crypto'
import { read } from '../support/read.js'
import { request as httpRequest } from 'node:http'
import { Configuration, ConversationApi, ConversationsApi } from '@pieces.app/pieces-os-client'
import { controlClient, GONE_ASSET_ID } from 'conversation-asset-mock'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { InspectionEvent } from '../../src/control/inspection/inspection.js'

const DAY = 24 * 60 * 60 * 1000

/** A GET sent with headers fetch() will not set (Host), answered as status and text. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    sent.on('error', reject)
    sent.end()
  })
}

/** Reads server-sent events from the feed until `done` says so; the events of every message, flattened. */
async function readFeed(url: string, done: (events: InspectionEvent[]) => boolean): Promise<InspectionEvent[]> {
  const controller = new AbortController()
  const response = await fetch(url, { signal: controller.signal })
  expect(response.headers.get('content-type')).toBe('text/event-stream')
  const events: InspectionEvent[] = []
  const decoder = new TextDecoder()
  let buffered = ''
  const reader = response.body!.getReader()
  for (;;) {
    const { value, done: ended } = await reader.read()
    if (ended) break
    buffered += decoder.decode(value, { stream: true })
    let end: number
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const message = buffered.slice(0, end)
      buffered = buffered.slice(end + 2)
      const data = message.split('\n').find((line) => line.startsWith('data: '))
      if (data) events.push(...(JSON.parse(data.slice(6)) as InspectionEvent[]))
    }
    if (done(events)) break
  }
  controller.abort()
  return events
}

describe('the inspector on the standalone server', () => {
  let server: StandaloneServer
  let mock: ReturnType<typeof controlClient>
  let conversations: ConversationsApi
  let conversation: ConversationApi

  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
    mock = controlClient(server.url)
    const configuration = new Configuration({ basePath: server.url })
    conversations = new ConversationsApi(configuration)
    conversation = new ConversationApi(configuration)
  })
  beforeEach(() => mock.reset())
  afterAll(() => server.close())

  it('serves the page with a strict content security policy, and its script', async () => {
    const page = await fetch(`${server.url}/__mock/ui`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toMatch(
      /script-src 'self' 'sha256-[^']+'.*frame-ancestors 'none'/,
    )
    expect(await page.text()).toContain(`from '/__mock/ui/inspector.js'`)
    const script = await fetch(`${server.url}/__mock/ui/inspector.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toContain('mountInspectorPage')
  })

  it('allows the inline script of the page by its hash, so a browser runs it', async () => {
    const page = await fetch(`${server.url}/__mock/ui`)
    const inline = /<script type="module">([\s\S]*?)<\/script>/.exec(await page.text())?.[1] ?? ''
    const hash = createHash('sha256').update(inline).digest('base64')
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`)
  })

  it('gives the page an inline icon its content security policy allows, so the browser asks for no /favicon.ico', async () => {
    const page = await fetch(`${server.url}/__mock/ui`)
    const icon = /<link rel="icon" href="([^"]+)">/.exec(await page.text())?.[1]
    expect(icon).toMatch(/^data:image\/svg\+xml,/)
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data:")
  })

  it('moves the clock over HTTP, so readable texts change, and refuses a time that is not one', async () => {
    const created = await conversations.conversationsCreateSpecificConversation({})
    expect(await mock.freezeClock()).toMatchObject({ frozen: true })
    const state = await mock.advanceClock(2 * DAY)
    expect(state).toMatchObject({ frozen: true, offsetMs: expect.any(Number) })
    expect(
      (await conversation.conversationGetSpecificConversation({ conversation: created.id })).created.readable,
    ).toBe('2 days ago')
    expect(await mock.setClock('2030-01-01T00:00:00.000Z')).toMatchObject({
      now: '2030-01-01T00:00:00.000Z',
      frozen: true,
    })
    expect(await mock.resumeClock()).toMatchObject({ frozen: false })
    const clock = await (await fetch(`${server.url}/__mock/clock`)).json()
    expect(Date.parse(clock.now)).toBeGreaterThanOrEqual(Date.parse('2030-01-01T00:00:00.000Z'))
    const refused = await fetch(`${server.url}/__mock/clock/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: 'soon' }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toMatch(/^Failed to set the mock's clock: "soon" is not a time/)
    expect((await fetch(`${server.url}/__mock/clock/reset`, { method: 'POST' }).then(read)).status).toBe(200)
  })

  it('lists stream faults beside the others, and removes one fault by id', async () => {
    const http = await mock.addFault({ operation: 'conversationsSnapshot', status: 503 })
    const stream = await mock.addFault({ stream: 'assets', drop: true, times: 2 })
    const listed = await (await fetch(`${server.url}/__mock/faults`)).json()
    expect(listed).toEqual({
      faults: [expect.objectContaining({ id: http, status: 503 })],
      streamFaults: [expect.objectContaining({ id: stream, drop: true, remaining: 2 })],
    })
    await mock.removeFault(http)
    expect((await fetch(`${server.url}/conversations`).then(read)).status).toBe(200)
    expect((await fetch(`${server.url}/__mock/faults/${http}`, { method: 'DELETE' }).then(read)).status).toBe(404)
  })

  it('deletes an asset as another client would, and says when it is already gone', async () => {
    expect((await fetch(`${server.url}/__mock/assets/${GONE_ASSET_ID}`, { method: 'DELETE' }).then(read)).status).toBe(
      204,
    )
    expect((await fetch(`${server.url}/asset/${GONE_ASSET_ID}`).then(read)).status).toBe(410)
    const again = await fetch(`${server.url}/__mock/assets/${GONE_ASSET_ID}`, { method: 'DELETE' })
    expect(again.status).toBe(404)
    expect(await again.text()).toContain('is already gone')
  })

  it('lists snapshots taken by id', async () => {
    const id = await mock.snapshot()
    const { snapshots } = await (await fetch(`${server.url}/__mock/snapshots`)).json()
    expect(snapshots).toContainEqual({
      id,
      at: expect.any(String),
      counts: expect.objectContaining({ conversation: 8 }),
    })
  })

  it('reads records, journal entries with their answers, streams and the overview', async () => {
    const created = await conversations.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'Over HTTP' },
    })
    const list = await (await fetch(`${server.url}/__mock/records/conversation?q=over%20http`)).json()
    expect(list).toEqual({
      kind: 'conversation',
      total: 1,
      rows: [{ kind: 'conversation', id: created.id, label: 'Over HTTP' }],
    })
    const detail = await (await fetch(`${server.url}/__mock/records/conversation/${created.id}`)).json()
    expect(detail.wire).toMatchObject({ id: created.id, name: 'Over HTTP' })
    expect((await fetch(`${server.url}/__mock/records/planet/x`).then(read)).status).toBe(404)
    expect((await fetch(`${server.url}/__mock/records/conversation/nope`).then(read)).status).toBe(404)

    const { rows } = await (await fetch(`${server.url}/__mock/journal/rows`)).json()
    expect(rows).toEqual([
      expect.objectContaining({ operation: 'conversationsCreateSpecificConversation', status: 200 }),
    ])
    const entry = await (await fetch(`${server.url}/__mock/journal/${rows[0].id}`)).json()
    expect(entry.entry.body).toEqual({ type: 'COPILOT', name: 'Over HTTP' })
    expect(JSON.parse(entry.response.body)).toMatchObject({ id: created.id })
    expect((await fetch(`${server.url}/__mock/journal/99999`).then(read)).status).toBe(404)

    const overview = await (await fetch(`${server.url}/__mock/overview`)).json()
    expect(overview).toMatchObject({ scenario: 'default', counts: { conversation: 9 }, clock: { frozen: false } })
    expect(overview.operations).toContain('conversationsSnapshot')
    expect(await (await fetch(`${server.url}/__mock/streams`)).json()).toMatchObject({
      streams: { conversations: { clients: 0 }, assets: { clients: 0 } },
    })
  })

  it('answers verify over HTTP with the near-miss table, and 400 without an operation', async () => {
    await conversations.conversationsSnapshot({})
    const post = (body: unknown) =>
      fetch(`${server.url}/__mock/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect(await (await post({ operation: 'conversationsSnapshot' })).json()).toMatchObject({
      ok: true,
      matched: 1,
      requests: [{ operation: 'conversationsSnapshot' }],
    })
    const missed = await (await post({ operation: 'conversationsSnapshot', times: 3 })).json()
    expect(missed.ok).toBe(false)
    expect(missed.message).toContain('Nearest misses')
    expect((await post({}).then(read)).status).toBe(400)
  })

  it('streams every request and record change live over server-sent events', async () => {
    const feed = readFeed(`${server.url}/__mock/events`, (events) => events.some((event) => event.type === 'request'))
    // The feed is open once its first bytes arrive; a request made before that may be missed, so keep sending.
    let done = false
    void feed.finally(() => (done = true))
    while (!done) {
      await conversations.conversationsCreateSpecificConversation({})
      await new Promise((resolve) => setImmediate(resolve))
    }
    const events = await feed
    expect(events).toContainEqual({ type: 'records', kinds: ['conversation'] })
    expect(events).toContainEqual({
      type: 'request',
      row: expect.objectContaining({
        operation: 'conversationsCreateSpecificConversation',
        method: 'POST',
        status: 200,
      }),
    })
  })

  it('refuses a page of another site, and a Host that is not a loopback name (DNS rebinding)', async () => {
    for (const path of ['/__mock/ui', '/__mock/events', '/__mock/overview', '/__mock/reset']) {
      const foreign = await fetch(`${server.url}${path}`, {
        method: path === '/__mock/reset' ? 'POST' : 'GET',
        headers: { origin: 'http://evil.example' },
      })
      expect(foreign.status).toBe(403)
      expect(await foreign.text()).toBe(
        'The control API answers pages of its own origin only, not http://evil.example. Start the mock with allowedOrigins to let a page of another origin steer it.',
      )
    }
    const rebound = await rawGet(`${server.url}/__mock/ui`, { host: `attacker.example:${server.port}` })
    expect(rebound).toEqual({
      status: 403,
      text: `The control API answers requests to localhost, 127.0.0.1 or [::1] only, not to "attacker.example:${server.port}".`,
    })
    // Another port of this machine is another origin too.
    const otherPort = await fetch(`${server.url}/__mock/overview`, {
      headers: { origin: `http://127.0.0.1:${server.port + 1}` },
    }).then(read)
    expect(otherPort.status).toBe(403)
    // The service's own routes stay open to every origin, as a dev mock's must.
    expect(
      (await fetch(`${server.url}/conversations`, { headers: { origin: 'http://evil.example' } }).then(read)).status,
    ).toBe(200)
  })

  it('answers its own page, by IP or by the name localhost', async () => {
    const own = await fetch(`${server.url}/__mock/overview`, { headers: { origin: server.url } }).then(read)
    expect(own.status).toBe(200)
    const byName = await rawGet(`${server.url}/__mock/overview`, {
      host: `localhost:${server.port}`,
      origin: `http://localhost:${server.port}`,
    })
    expect(byName.status).toBe(200)
    expect((await rawGet(`${server.url}/__mock/ui`, { host: `127.0.0.1:${server.port}` })).status).toBe(200)
  })
})

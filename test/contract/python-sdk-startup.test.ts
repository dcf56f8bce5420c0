import { read } from '../support/read.js'
import type { IdentifierFrame } from 'conversation-asset-mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime, type TestSocket } from '../events/stream-runtimes.js'
import { checkModel } from './check-model.js'

/*
 * The Python SDK's PiecesClient start-up (pieces-os-client-sdk-for-python,
 * wrapper/client.py), replayed call for call against the mock: port
 * discovery, connect, the user, the seven WebSockets it opens, the models
 * and the version check, then one read per identifier the streams list.
 * Nothing may answer 404 or 501, and every answer has the shape it expects.
 */

const STARTUP_STREAMS = ['conversations', 'assets', 'user', 'health', 'anchors', 'ranges', 'visionStatus'] as const

describe.each(streamRuntimes)("the Python SDK's start-up sequence, $name", ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('runs from port discovery to the last per-record read with no 404 and no unexpected status', async () => {
    const url = (path: string) => `${mock.baseUrl}${path}`
    const json = async (response: Response, model: string) => {
      expect(response.status, `${response.url} answered ${response.status}`).toBe(200)
      const body: unknown = await response.json()
      expect(checkModel(body, model)).toEqual([])
      return body as Record<string, unknown>
    }

    // 1. Port discovery: HEAD, then GET /.well-known/health.
    expect((await fetch(url('/.well-known/health'), { method: 'HEAD' }).then(read)).status).toBe(200)
    const health = await fetch(url('/.well-known/health'))
    expect(health.status).toBe(200)
    expect(await health.text()).toMatch(/^ok/)

    // 2. Connect: the application it answers becomes the `application` header of every later call.
    const context = await json(
      await fetch(url('/connect'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ application: { name: 'OPEN_SOURCE', version: '1.2.0', platform: 'LINUX' } }),
      }),
      'Context',
    )
    const application = (context.application as { id: string }).id
    const headers = { application }

    // The SDK needs a signed-in user before it opens its sockets.
    const user = await json(await fetch(url('/user'), { headers }), 'ReturnedUserProfile')
    expect(user.user).toBeDefined()

    // 3. The WebSockets, each with its first frame.
    const first: Partial<Record<(typeof STARTUP_STREAMS)[number], unknown>> = {}
    await Promise.all(
      STARTUP_STREAMS.map(async (stream) => {
        const client = mock.open<unknown>(mock.streamUrls[stream])
        sockets.push(client.socket)
        first[stream] = await client.frames.next()
      }),
    )
    expect(first.health).toBe('ok')
    expect(checkModel(first.user, 'UserProfile')).toEqual([])
    expect(checkModel(first.visionStatus, 'WorkstreamPatternEngineStatus')).toEqual([])
    for (const stream of ['conversations', 'assets', 'anchors', 'ranges'] as const) {
      expect(checkModel(first[stream], 'StreamedIdentifiers')).toEqual([])
    }

    // 4. The models, and the version the SDK checks against its range (>=12.0.0 <13.0.0).
    const models = await json(await fetch(url('/models'), { headers }), 'Models')
    expect((models.iterable as unknown[]).length).toBeGreaterThan(0)
    const version = await fetch(url('/.well-known/version'), { headers })
    expect(version.status).toBe(200)
    expect(await version.text()).toMatch(/^12\.\d+\.\d+$/)

    // 5. One read per identifier the streams listed.
    const idsOf = (frame: unknown, key: string) =>
      (frame as IdentifierFrame).iterable.map((item) => (item as Record<string, { id: string }>)[key]!.id)
    const conversations = idsOf(first.conversations, 'conversation')
    const assets = idsOf(first.assets, 'asset')
    expect(conversations.length).toBeGreaterThan(0)
    expect(assets.length).toBeGreaterThan(0)
    for (const id of assets) await json(await fetch(url(`/asset/${id}`), { headers }), 'Asset')
    for (const id of conversations) await json(await fetch(url(`/conversation/${id}`), { headers }), 'Conversation')

    // Every request the mock answered on the way: none refused, none unknown; and each of its WebSockets accepted.
    for (const stream of STARTUP_STREAMS) expect(mock.service.verify({ stream, times: 1 })).toHaveLength(1)
    const statuses = mock.service.journal.entries
      .filter((entry) => entry.transport === 'http')
      .map((entry) => `${entry.method} ${entry.path} ${entry.status}`)
    expect(statuses.filter((line) => !/ (200|204)$/.test(line))).toEqual([])
    expect(statuses.length).toBe(4 + 2 + assets.length + conversations.length)
  })
})

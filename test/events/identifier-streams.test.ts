import {
  AssetsApi,
  Configuration,
  ConversationApi,
  ConversationsApi,
  PersonApi,
  PersonsApi,
} from '@pieces.app/pieces-os-client'
import { defaultFixtures, recordFrames, type IdentifierFrame } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { WebSocket as NodeWebSocket } from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { streamRuntimes as runtimes, type StreamRuntime } from './stream-runtimes.js'

const ids = (frame: { iterable: Array<Record<string, unknown>> }, key: 'conversation' | 'asset' | 'person') =>
  frame.iterable.map((item) => (item[key] as { id: string }).id)

describe.each(runtimes)('identifier streams, $name', ({ start }) => {
  let mock: StreamRuntime
  let conversations: ConversationsApi
  let conversation: ConversationApi
  let assets: AssetsApi
  const open: Array<{ close(): void }> = []

  beforeAll(async () => {
    mock = await start()
    const configuration = new Configuration({ basePath: mock.baseUrl })
    conversations = new ConversationsApi(configuration)
    conversation = new ConversationApi(configuration)
    assets = new AssetsApi(configuration)
  })
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  const connect = (stream: 'conversations' | 'assets' | 'persons') => {
    const client = mock.open<IdentifierFrame>(mock.streamUrls[stream])
    open.push(client.socket)
    return client.frames
  }

  it('sends every live id in the first frame, on both streams', async () => {
    const first = await connect('conversations').next()
    expect(new Set(ids(first, 'conversation'))).toEqual(new Set(defaultFixtures.conversation!.map((c) => c.id)))
    const assetFrame = await connect('assets').next()
    expect(new Set(ids(assetFrame, 'asset'))).toEqual(new Set(defaultFixtures.asset!.map((a) => a.id)))
  })

  it('sends a frame with the id of a conversation when it is created, updated, renamed or scored', async () => {
    const frames = connect('conversations')
    await frames.next()
    const created = await conversations.conversationsCreateSpecificConversation({})
    expect(await frames.next()).toEqual({ iterable: [{ conversation: { id: created.id } }] })
    await conversation.conversationSpecificConversationRename({ conversation: created.id })
    expect(await frames.next()).toEqual({ iterable: [{ conversation: { id: created.id } }] })
    await conversation.conversationScoresIncrement({
      conversation: created.id,
      seededScoreIncrement: { conversation: { reuse: true } },
    })
    expect(await frames.next()).toEqual({ iterable: [{ conversation: { id: created.id } }] })
  })

  it('fires on both streams when a link changes both records', async () => {
    const conversationFrames = connect('conversations')
    const assetFrames = connect('assets')
    await conversationFrames.next()
    await assetFrames.next()
    const conversationId = defaultFixtures.conversation![7]!.id
    const assetId = defaultFixtures.asset![0]!.id
    await conversation.conversationAssociateAsset({ conversation: conversationId, asset: assetId })
    expect(await conversationFrames.next()).toEqual({ iterable: [{ conversation: { id: conversationId } }] })
    expect(await assetFrames.next()).toEqual({ iterable: [{ asset: { id: assetId } }] })
  })

  it('streams person ids: every one first, then each created, linked, scored and deleted person', async () => {
    const configuration = new Configuration({ basePath: mock.baseUrl })
    const [person, persons] = [new PersonApi(configuration), new PersonsApi(configuration)]
    const frames = connect('persons')
    expect(new Set(ids(await frames.next(), 'person'))).toEqual(new Set(defaultFixtures.person!.map((p) => p.id)))
    const created = await persons.personsCreateNewPerson({ seededPerson: { type: { basic: { name: 'Ada' } } } })
    expect(await frames.next()).toEqual({ iterable: [{ person: { id: created.id } }] })
    const dana = defaultFixtures.person![0]!.id
    await person.personAssociateAdditionalPerson({ person: created.id, additionalPerson: dana })
    const linked = [await frames.next(), await frames.next()].map((frame) => ids(frame, 'person')[0])
    expect(new Set(linked)).toEqual(new Set([created.id, dana]))
    await person.personScoresIncrement({ person: created.id, seededScoreIncrement: { person: { reuse: true } } })
    expect(await frames.next()).toEqual({ iterable: [{ person: { id: created.id } }] })
    await persons.personsDeletePerson({ person: created.id })
    expect(await frames.next((frame) => frame.iterable[0]?.deleted === true)).toEqual({
      iterable: [{ person: { id: created.id }, deleted: true }],
    })
  })

  it('sends a deletion alone in its own frame', async () => {
    const frames = connect('conversations')
    await frames.next()
    const id = defaultFixtures.conversation![2]!.id
    await conversations.conversationsDeleteSpecificConversation({ conversation: id })
    expect(await frames.next()).toEqual({ iterable: [{ conversation: { id }, deleted: true }] })
  })

  it('announces a gone asset as a deletion and the conversations that linked it as updates', async () => {
    const asset = defaultFixtures.asset!.find((a) => (a.conversations?.length ?? 0) > 0)!
    const assetFrames = connect('assets')
    const conversationFrames = connect('conversations')
    await assetFrames.next()
    await conversationFrames.next()
    await mock.removeAsset(asset.id)
    expect(await assetFrames.next((frame) => frame.iterable[0]?.deleted === true)).toEqual({
      iterable: [{ asset: { id: asset.id }, deleted: true }],
    })
    const updated = await conversationFrames.next()
    expect(asset.conversations).toContain(ids(updated, 'conversation')[0])
  })

  it('gives a late client its own first frame, and keeps the others running when one closes', async () => {
    const early = connect('assets')
    await early.next()
    const created = await assets.assetsCreateNewAsset({
      seed: {
        type: 'SEEDED_ASSET',
        asset: {
          application: {
            id: 'app',
            name: 'OPEN_SOURCE',
            version: '1',
            platform: 'LINUX',
            onboarded: false,
            privacy: 'OPEN',
          },
          format: { fragment: { string: { raw: 'SELECT 1;' }, metadata: { ext: 'sql' } } },
        },
      },
    })
    expect(await early.next()).toEqual({ iterable: [{ asset: { id: created.id } }] })
    const late = mock.open(mock.streamUrls.assets)
    const lateFirst = await late.frames.next()
    expect(ids(lateFirst, 'asset')).toContain(created.id)
    expect(ids(lateFirst, 'asset')[0]).toBe(created.id)
    late.socket.close()
    await assets.assetsDeleteAsset({ asset: created.id })
    expect(await early.next()).toEqual({ iterable: [{ asset: { id: created.id }, deleted: true }] })
  })

  it('tells connected clients about a reset with a fresh first frame', async () => {
    const frames = connect('conversations')
    await frames.next()
    const created = await conversations.conversationsCreateSpecificConversation({})
    await frames.next()
    await mock.reset()
    const fresh = await frames.next()
    expect(ids(fresh, 'conversation')).not.toContain(created.id)
    expect(ids(fresh, 'conversation')).toHaveLength(defaultFixtures.conversation!.length)
  })

  it('fails a wait with a readable list of the frames that arrived instead', async () => {
    const client = mock.open<IdentifierFrame>(mock.streamUrls.conversations)
    open.push(client.socket)
    // The recorder listens first: once this message event fires, the frame is in its list, whatever the load.
    await new Promise<void>((resolve) => client.socket.addEventListener('message', () => resolve(), { once: true }))
    await expect(client.frames.next((frame) => frame.iterable.length === 99, { timeoutMs: 100 })).rejects.toThrow(
      /Failed to receive a matching frame within 100 ms: these arrived instead:\n {2}\{"iterable":\[\{"conversation"/,
    )
  })
})

describe('waiting for frames under vitest fake timers', () => {
  it('still times out in real time when fake timers are installed after the import', async () => {
    const server = await startStandaloneServer({ port: 0 })
    const socket = new NodeWebSocket(server.streamUrls.conversations)
    const frames = recordFrames(socket)
    await frames.next()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      await expect(frames.next(() => false, { timeoutMs: 50 })).rejects.toThrow(/within 50 ms: no frame arrived/)
    } finally {
      vi.useRealTimers()
      socket.close()
      await server.close()
    }
  })
})

describe('stream teardown', () => {
  it('leaves no stream client behind and gives globalThis.WebSocket back when the in-process mock closes', async () => {
    const before = globalThis.WebSocket
    const mock = setupMockServer()
    await mock.listen()
    expect(globalThis.WebSocket).not.toBe(before)
    const socket = new globalThis.WebSocket(mock.streamUrls.conversations)
    await recordFrames(socket).next()
    expect(mock.hub.clientCount('conversations')).toBe(1)
    mock.close()
    expect(mock.hub.clientCount('conversations')).toBe(0)
    expect(globalThis.WebSocket).toBe(before)
  })

  it('closes the standalone server with clients still connected', async () => {
    const server = await startStandaloneServer({ port: 0 })
    const socket = new NodeWebSocket(server.streamUrls.assets)
    await recordFrames(socket).next()
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await server.close()
    await closed
    expect(server.service.hub.clientCount('assets')).toBe(0)
  })

  it('answers 404 to an upgrade on a path that is not a stream', async () => {
    const server = await startStandaloneServer({ port: 0 })
    try {
      const socket = new NodeWebSocket(`${server.url.replace('http', 'ws')}/nope/stream`)
      const status = await new Promise((resolve) =>
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode)),
      )
      expect(status).toBe(404)
    } finally {
      await server.close()
    }
  })
})

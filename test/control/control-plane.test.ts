import { read } from '../support/read.js'
import { Configuration, ConversationApi, ConversationsApi, AssetApi } from '@pieces.app/pieces-os-client'
import { createMockService, GONE_ASSET_ID, recordFrames, VerificationError } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

describe('the control plane in-process', () => {
  const mock = setupMockServer()
  const configuration = new Configuration({ basePath: mock.baseUrl })
  const conversations = new ConversationsApi(configuration)
  const conversation = new ConversationApi(configuration)
  const asset = new AssetApi(configuration)

  beforeAll(() => mock.listen())
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('resets records, journal and faults to the scenario', async () => {
    const created = await conversations.conversationsCreateSpecificConversation({})
    mock.faults.add({ operation: 'conversationsSnapshot', status: 503 })
    await mock.reset()
    expect(mock.store.get('conversation', created.id)).toBeUndefined()
    expect(mock.journal.entries).toEqual([])
    expect(mock.faults.list()).toEqual([])
    expect((await conversations.conversationsSnapshot({})).iterable).toHaveLength(8)
  })

  it('restores a snapshot, deleted records and tombstones included', async () => {
    const snapshot = mock.snapshot()
    const [first] = mock.store.all('conversation')
    await conversations.conversationsDeleteSpecificConversation({ conversation: first!.id })
    await mock.removeAsset(GONE_ASSET_ID)
    const gone = mock.snapshot()
    await mock.restore(snapshot)
    expect(mock.store.get('conversation', first!.id)).toBeDefined()
    expect(mock.store.isGone('asset', GONE_ASSET_ID)).toBe(false)
    await mock.restore(gone)
    expect(mock.store.get('conversation', first!.id)).toBeUndefined()
    expect(mock.store.isGone('asset', GONE_ASSET_ID)).toBe(true)
  })

  it('journals every request with its operation name, status and body', async () => {
    const created = await conversations.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'Journaled' },
    })
    await conversation.conversationGetSpecificConversation({ conversation: created.id, transferables: false })
    const [create, read] = mock.journal.entries
    expect(create).toMatchObject({
      operation: 'conversationsCreateSpecificConversation',
      method: 'POST',
      path: '/conversations/create',
      status: 200,
      body: { type: 'COPILOT', name: 'Journaled' },
    })
    expect(read).toMatchObject({
      operation: 'conversationGetSpecificConversation',
      params: { conversation: created.id },
      query: { transferables: 'false' },
      status: 200,
    })
    expect(mock.journal.byOperation('conversationGetSpecificConversation')).toHaveLength(1)
  })

  it('verifies calls and fails with a table of the expectation, the matches and the nearest misses', async () => {
    const [first, second] = mock.store.all('conversation')
    await conversation.conversationGetSpecificConversation({ conversation: first!.id })
    expect(
      mock.verify({ operation: 'conversationGetSpecificConversation', params: { conversation: first!.id }, times: 1 }),
    ).toHaveLength(1)
    let error: unknown
    try {
      mock.verify({ operation: 'conversationGetSpecificConversation', params: { conversation: second!.id } })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(VerificationError)
    const message = (error as Error).message
    expect(message).toContain(
      `Failed to verify calls: expected conversationGetSpecificConversation, params {"conversation":"${second!.id}"} at least once, but it was called 0 times.`,
    )
    expect(message).toContain('Matching calls (0):\n  (none)')
    expect(message).toContain(`params.conversation is "${first!.id}", expected "${second!.id}"`)
  })

  it('injects a status into one operation, once, and leaves the others alone', async () => {
    mock.faults.add({ operation: 'conversationsSnapshot', status: 503, body: 'Service unavailable', times: 1 })
    const failed = await fetch(`${mock.baseUrl}/conversations`)
    expect(failed.status).toBe(503)
    expect(await failed.text()).toBe('Service unavailable')
    expect((await fetch(`${mock.baseUrl}/conversations/identifiers`).then(read)).status).toBe(200)
    expect((await fetch(`${mock.baseUrl}/conversations`).then(read)).status).toBe(200)
    expect(mock.journal.byOperation('conversationsSnapshot').map((entry) => entry.status)).toEqual([503, 200])
  })

  it('injects a network error that the client sees as a failed fetch', async () => {
    mock.faults.add({ operation: 'asset_snapshot', networkError: true, times: 2 })
    await expect(asset.assetSnapshot({ asset: GONE_ASSET_ID })).rejects.toThrow()
    await expect(fetch(`${mock.baseUrl}/asset/${GONE_ASSET_ID}`)).rejects.toThrow(TypeError)
    expect((await fetch(`${mock.baseUrl}/asset/${GONE_ASSET_ID}`).then(read)).status).toBe(200)
  })

  it('changes nothing when a fault answers a write', async () => {
    mock.faults.add({ operation: 'conversationsCreateSpecificConversation', status: 500, times: 1 })
    const before = mock.store.count('conversation')
    const response = await fetch(`${mock.baseUrl}/conversations/create`, { method: 'POST' }).then(read)
    expect(response.status).toBe(500)
    expect(mock.store.count('conversation')).toBe(before)
  })

  it('draws random fault delays from the seed, the same on every run', () => {
    const draw = () => {
      const service = createMockService({ seed: 7 })
      service.faults.add({ operation: 'conversationsSnapshot', delayMs: { min: 0, max: 1000 } })
      return [1, 2, 3].map(() => service.faults.take('conversationsSnapshot')!.delayMs)
    }
    const first = draw()
    expect(draw()).toEqual(first)
    expect(first.every((delay) => delay >= 0 && delay <= 1000)).toBe(true)
  })

  it('refuses a fault without an effect with a message saying what to give it', () => {
    expect(() => mock.faults.add({ operation: 'conversationsSnapshot' })).toThrow(
      'Failed to add a fault to "conversationsSnapshot": it has no effect. Give it a status, a delayMs or networkError: true.',
    )
  })

  it('switches scenarios at run time, and reset returns to the current one', async () => {
    await mock.useScenario('empty')
    expect((await conversations.conversationsIdentifiersSnapshot()).iterable).toEqual([])
    await conversations.conversationsCreateSpecificConversation({})
    await mock.reset()
    expect(mock.scenario).toBe('empty')
    expect(mock.store.count('conversation')).toBe(0)
    await mock.useScenario('gone-asset')
    const gone = await fetch(`${mock.baseUrl}/asset/${GONE_ASSET_ID}`).then(read)
    expect(gone.status).toBe(410)
    await mock.useScenario('large')
    expect(mock.store.count('conversation')).toBe(500)
    await mock.useScenario('default')
  })

  it('drops, delays and closes stream frames on demand', async () => {
    const socket = new globalThis.WebSocket(mock.streamUrls.conversations)
    const frames = recordFrames(socket)
    await frames.next()
    mock.faults.addStream({ stream: 'conversations', drop: true, times: 1 })
    const dropped = await conversations.conversationsCreateSpecificConversation({})
    const delivered = await conversations.conversationsCreateSpecificConversation({})
    const next = await frames.next()
    expect(next).toEqual({ iterable: [{ conversation: { id: delivered.id } }] })
    expect(frames.frames.flatMap((frame) => frame.iterable.map((item) => item.conversation?.id))).not.toContain(
      dropped.id,
    )

    mock.faults.addStream({ stream: 'conversations', delayMs: 30, times: 1 })
    const late = await conversations.conversationsCreateSpecificConversation({})
    const onTime = await conversations.conversationsCreateSpecificConversation({})
    // The delayed frame arrives after the one sent on time.
    expect(await frames.next()).toEqual({ iterable: [{ conversation: { id: onTime.id } }] })
    expect(await frames.next()).toEqual({ iterable: [{ conversation: { id: late.id } }] })

    const closed = new Promise<number>((resolve) =>
      socket.addEventListener('close', (event) => resolve((event as CloseEvent).code)),
    )
    mock.faults.addStream({ stream: 'conversations', close: { code: 4000, reason: 'injected' } })
    await conversations.conversationsCreateSpecificConversation({})
    expect(await closed).toBe(4000)
  })
})

describe('scenarios chosen at creation', () => {
  it('starts from the named scenario', async () => {
    const service = createMockService({ scenario: 'gone-asset' })
    await service.ready
    expect(service.store.isGone('asset', GONE_ASSET_ID)).toBe(true)
    expect(service.store.get('asset', GONE_ASSET_ID)).toBeUndefined()
    for (const conversation of service.store.all('conversation'))
      expect(conversation.assets).not.toContain(GONE_ASSET_ID)
  })
})

describe('the journal of a long-running mock', () => {
  const service = setupMockServer({ journalLimit: 3 })
  beforeAll(() => service.listen())
  afterAll(() => service.close())

  it('keeps the newest requests up to its limit, oldest first, and counts the ones it let go', async () => {
    const conversations = new ConversationsApi(new Configuration({ basePath: service.baseUrl }))
    await conversations.conversationsSnapshot({})
    await conversations.conversationsIdentifiersSnapshot()
    await conversations.conversationsCreateSpecificConversation({})
    await conversations.conversationsSnapshot({ transferables: false })
    await conversations.conversationsIdentifiersSnapshot()

    expect(service.journal.entries.map((entry) => entry.operation)).toEqual([
      'conversationsCreateSpecificConversation',
      'conversationsSnapshot',
      'conversationsIdentifiersSnapshot',
    ])
    expect(service.journal.entries[1]!.query).toEqual({ transferables: 'false' })
    expect(service.journal.dropped).toBe(2)
    expect(() => service.verify({ operation: 'conversationsCreateSpecificConversation', times: 1 })).not.toThrow()

    service.journal.clear()
    expect(service.journal.entries).toEqual([])
    expect(service.journal.dropped).toBe(0)
  })

  it('refuses a limit that is not a whole number with a message that says what to pass', () => {
    expect(() => createMockService({ journalLimit: -1 })).toThrow(
      /^Failed to create the request journal: the limit -1 is not a whole number of 0 or more\. Pass one such as 10000/,
    )
  })
})

import {
  AnnotationApi,
  AnnotationToJSON,
  Configuration,
  ConversationApi,
  ConversationMessagesToJSON,
  ConversationToJSON,
  ConversationsApi,
  ConversationsCreateFromAssetOutputToJSON,
  ConversationsToJSON,
  ConversationSummarizeOutputToJSON,
  FlattenedConversationsToJSON,
  WellKnownApi,
} from '@pieces.app/pieces-os-client'
import { defaultFixtures } from 'conversation-asset-mock'
import { mostRecentFirst } from '../../src/store/most-recent-first.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

const firstId = (records: ReadonlyArray<{ id: string }> | undefined): string => {
  const id = records?.[0]?.id
  if (!id) throw new Error('Failed to pick a fixture id: the default fixtures have no such records. Add one.')
  return id
}

const fixture = {
  conversation: firstId(defaultFixtures.conversation),
  asset: firstId(defaultFixtures.asset),
  website: firstId(defaultFixtures.website),
  anchor: firstId(defaultFixtures.anchor),
  range: firstId(defaultFixtures.range),
  summary: firstId(defaultFixtures.workstreamSummary),
}

describe.each(runtimes)('conversation operations through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let conversations: ConversationsApi
  let conversation: ConversationApi
  let annotations: AnnotationApi

  beforeAll(async () => {
    mock = await start()
    const configuration = new Configuration({ basePath: mock.baseUrl })
    conversations = new ConversationsApi(configuration)
    conversation = new ConversationApi(configuration)
    annotations = new AnnotationApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const getConversation = (id: string, transferables?: boolean) =>
    callAndCheck(
      conversation.conversationGetSpecificConversationRaw({
        conversation: id,
        ...(transferables !== undefined && { transferables }),
      }),
      'Conversation',
      ConversationToJSON,
    )

  it('answers the health check real clients use to find the service', async () => {
    const health = await new WellKnownApi(new Configuration({ basePath: mock.baseUrl })).getWellKnownHealth()
    expect(health).toBe('ok')
  })

  it('lists every fixture conversation in the identifiers snapshot, the most recently updated first, with indices', async () => {
    const { value } = await callAndCheck(
      conversations.conversationsIdentifiersSnapshotRaw(),
      'FlattenedConversations',
      FlattenedConversationsToJSON,
    )
    const ids = value.iterable.map((item) => item.id)
    expect(ids).toEqual(mostRecentFirst(defaultFixtures.conversation!).map((c) => c.id))
    expect(ids.map((id) => value.indices![id])).toEqual(ids.map((_, position) => position))
  })

  it('returns a snapshot of full conversations that the client parses and round-trips', async () => {
    const { value } = await callAndCheck(
      conversations.conversationsSnapshotRaw({}),
      'Conversations',
      ConversationsToJSON,
    )
    expect(value.iterable).toHaveLength(defaultFixtures.conversation!.length)
    for (const item of value.iterable) {
      expect(item.created.value).toBeInstanceOf(Date)
      expect(Number.isNaN(item.updated.value.getTime())).toBe(false)
      expect(item.messages.iterable.length).toBeGreaterThanOrEqual(2)
      item.messages.iterable.forEach((message, position) => expect(item.messages.indices![message.id]).toBe(position))
    }
  })

  it('reads one conversation with its collections as references', async () => {
    const { value, json } = await getConversation(fixture.conversation)
    expect(value.id).toBe(fixture.conversation)
    const messages = (json as { messages: { iterable: object[] } }).messages.iterable
    for (const reference of messages) expect(Object.keys(reference)).toEqual(['id'])
  })

  it('answers 410 "Conversation not found." as text for a conversation that does not exist', async () => {
    const result = await failure(conversation.conversationGetSpecificConversation({ conversation: 'no-such-id' }))
    expect(result).toMatchObject({ status: 410, text: 'Conversation not found.' })
    expect(result.type).toMatch(/^text\/plain/)
  })

  it('round-trips a conversation through update: created is kept, updated moves forward, edits stick', async () => {
    const { value: before } = await getConversation(fixture.conversation)
    before.name = 'Renamed by the client'
    before.favorited = true
    const { value: after } = await callAndCheck(
      conversation.conversationUpdateRaw({ conversation: before, transferables: false }),
      'Conversation',
      ConversationToJSON,
    )
    expect(after.name).toBe('Renamed by the client')
    expect(after.favorited).toBe(true)
    expect(after.created.value.toISOString()).toBe(before.created.value.toISOString())
    expect(after.updated.value.getTime()).toBeGreaterThan(before.updated.value.getTime())
    expect(after.messages.iterable).toEqual(before.messages.iterable)
    const { value: reread } = await getConversation(fixture.conversation)
    expect(reread.name).toBe('Renamed by the client')
  })

  it('creates a COPILOT conversation when the create call has no body', async () => {
    const { value } = await callAndCheck(
      conversations.conversationsCreateSpecificConversationRaw({}),
      'Conversation',
      ConversationToJSON,
    )
    expect(value.type).toBe('COPILOT')
    expect(value.messages.iterable).toEqual([])
    const { value: ids } = await callAndCheck(
      conversations.conversationsIdentifiersSnapshotRaw(),
      'FlattenedConversations',
      FlattenedConversationsToJSON,
    )
    expect(ids.iterable.map((item) => item.id)).toContain(value.id)
  })

  it('creates the messages, annotations and anchors of a seeded conversation, linked to it', async () => {
    const { value: created } = await callAndCheck(
      conversations.conversationsCreateSpecificConversationRaw({
        seededConversation: {
          type: 'COPILOT',
          name: 'Seeded',
          messages: [
            { role: 'USER', fragment: { string: { raw: 'How do I sort a list in Python?' } } },
            { role: 'ASSISTANT', fragment: { string: { raw: 'Use `sorted(items)`.' } } },
          ],
          annotations: [{ type: 'COMMENT', text: 'A note' }],
          anchors: [{ type: 'FILE', fullpath: '/home/dev/sort.py' }],
          assets: { iterable: [{ id: fixture.asset }] },
        },
      }),
      'Conversation',
      ConversationToJSON,
    )
    expect(created.name).toBe('Seeded')
    expect(created.messages.iterable).toHaveLength(2)
    expect(created.annotations!.iterable).toHaveLength(1)
    expect(created.anchors!.iterable).toHaveLength(1)
    expect(created.assets!.iterable).toEqual([{ id: fixture.asset }])
    expect(mock.store.get('asset', fixture.asset)!.conversations).toContain(created.id)
    const anchor = mock.store.get('anchor', created.anchors!.iterable[0]!.id)!
    expect(anchor).toMatchObject({ fullpath: '/home/dev/sort.py', conversations: [created.id] })

    const { value: messages } = await callAndCheck(
      conversation.conversationSpecificConversationMessagesRaw({ conversation: created.id }),
      'ConversationMessages',
      ConversationMessagesToJSON,
    )
    expect(messages.iterable.map((m) => [m.role, m.fragment?.string?.raw])).toEqual([
      ['USER', 'How do I sort a list in Python?'],
      ['ASSISTANT', 'Use `sorted(items)`.'],
    ])
    expect(messages.iterable.every((m) => m.conversation.id === created.id)).toBe(true)
  })

  it('leaves message fragments out when transferables is false, and keeps them by default', async () => {
    const { value: withText } = await callAndCheck(
      conversation.conversationSpecificConversationMessagesRaw({ conversation: fixture.conversation }),
      'ConversationMessages',
      ConversationMessagesToJSON,
    )
    expect(withText.iterable.every((m) => typeof m.fragment?.string?.raw === 'string')).toBe(true)
    const { value: without } = await callAndCheck(
      conversation.conversationSpecificConversationMessagesRaw({
        conversation: fixture.conversation,
        transferables: false,
      }),
      'ConversationMessages',
      ConversationMessagesToJSON,
    )
    expect(without.iterable.map((m) => m.id)).toEqual(withText.iterable.map((m) => m.id))
    expect(without.iterable.every((m) => m.fragment === undefined)).toBe(true)
  })

  it('creates a conversation from an asset, linked both ways, whose first message summarises the asset', async () => {
    const { value } = await callAndCheck(
      conversations.conversationsCreateFromAssetRaw({ asset: fixture.asset }),
      'ConversationsCreateFromAssetOutput',
      ConversationsCreateFromAssetOutputToJSON,
    )
    const { value: created } = await getConversation(value.conversation.id)
    const asset = mock.store.get('asset', fixture.asset)!
    const format = mock.store.get('format', asset.original)!
    expect(created.assets!.iterable).toEqual([{ id: fixture.asset }])
    expect(asset.conversations).toContain(created.id)
    const { value: messages } = await callAndCheck(
      conversation.conversationSpecificConversationMessagesRaw({ conversation: created.id }),
      'ConversationMessages',
      ConversationMessagesToJSON,
    )
    const text = messages.iterable[0]!.fragment!.string!.raw!
    expect(text).toContain(asset.name!)
    expect(text).toContain(format.classification.specific)
    expect(text).toContain(format.fragment!.string!.raw!.split('\n')[0]!)
  })

  it('answers 500 with a text message when creating from an asset that does not exist', async () => {
    const result = await failure(conversations.conversationsCreateFromAsset({ asset: 'missing-asset' }))
    expect(result.status).toBe(500)
    expect(result.text).toContain('missing-asset')
  })

  it('deletes a conversation: 204, then 410 on read, its messages gone and its links removed elsewhere', async () => {
    const linked = defaultFixtures.conversation!.find((c) => (c.assets?.length ?? 0) > 0)!
    const messageIds = mock.store.get('conversation', linked.id)!.messages
    const response = await conversations.conversationsDeleteSpecificConversationRaw({ conversation: linked.id })
    expect(response.raw.status).toBe(204)
    expect(await failure(conversation.conversationGetSpecificConversation({ conversation: linked.id }))).toMatchObject({
      status: 410,
    })
    for (const assetId of linked.assets!)
      expect(mock.store.get('asset', assetId)!.conversations).not.toContain(linked.id)
    for (const messageId of messageIds) expect(mock.store.get('message', messageId)).toBeUndefined()
    const ids = await conversations.conversationsIdentifiersSnapshot()
    expect(ids.iterable.map((item) => item.id)).not.toContain(linked.id)
  })

  it('renames a conversation from its first user message, the same way every time', async () => {
    const first = mock.store.get('message', mock.store.get('conversation', fixture.conversation)!.messages[0]!)!
    const { value } = await callAndCheck(
      conversation.conversationSpecificConversationRenameRaw({ conversation: fixture.conversation }),
      'Conversation',
      ConversationToJSON,
    )
    expect(value.name).toBeTruthy()
    expect(first.fragment!.string!.raw!.replace(/[`*_]/g, '')).toContain(value.name!.replace(/…$/, '').slice(0, 20))
    const again = await conversation.conversationSpecificConversationRename({ conversation: fixture.conversation })
    expect(again.name).toBe(value.name)
  })

  it('gives a conversation without messages a name that is never empty', async () => {
    const empty = await conversations.conversationsCreateSpecificConversation({})
    const renamed = await conversation.conversationSpecificConversationRename({ conversation: empty.id })
    expect(renamed.name).toBe('New Conversation')
  })

  it('keeps the name asked when renaming a conversation that has no messages to name it after', async () => {
    const asked = await conversations.conversationsCreateSpecificConversation({
      seededConversation: { type: 'COPILOT', name: 'Release plan' },
    })
    const renamed = await conversation.conversationSpecificConversationRename({ conversation: asked.id })
    expect(renamed.name).toBe('Release plan')
    const updated = await conversation.conversationUpdate({ conversation: { ...renamed, name: 'Release plan, v2' } })
    const again = await conversation.conversationSpecificConversationRename({ conversation: updated.id })
    expect(again.name).toBe('Release plan, v2')
    expect((await conversation.conversationGetSpecificConversation({ conversation: asked.id })).name).toBe(
      'Release plan, v2',
    )
  })

  it('summarises a conversation into a SUMMARY annotation, linked both ways and readable by id', async () => {
    const { value } = await callAndCheck(
      conversation.conversationSummarizeRaw({ conversation: fixture.conversation, conversationSummarizeInput: {} }),
      'ConversationSummarizeOutput',
      ConversationSummarizeOutputToJSON,
    )
    expect(value.conversation.id).toBe(fixture.conversation)
    const { value: annotation } = await callAndCheck(
      annotations.annotationSpecificAnnotationSnapshotRaw({ annotation: value.annotation.id }),
      'Annotation',
      AnnotationToJSON,
    )
    expect(annotation.type).toBe('SUMMARY')
    expect(annotation.text.length).toBeGreaterThan(0)
    expect(annotation.conversation?.id).toBe(fixture.conversation)
    const { value: read } = await getConversation(fixture.conversation)
    expect(read.annotations!.indices![value.annotation.id]).toBeGreaterThanOrEqual(0)
  })

  it('raises the score counters named in a SeededScoreIncrement', async () => {
    const before = mock.store.get('conversation', fixture.conversation)!.score
    const response = await conversation.conversationScoresIncrementRaw({
      conversation: fixture.conversation,
      seededScoreIncrement: { conversation: { reuse: true, searched: true } },
    })
    expect(response.raw.status).toBe(204)
    const { value } = await getConversation(fixture.conversation)
    expect(value.score).toMatchObject({ reuse: (before.reuse ?? 0) + 1, searched: (before.searched ?? 0) + 1 })
  })

  const links = [
    {
      name: 'anchor',
      associate: 'conversationAssociateAnchor',
      disassociate: 'conversationDisassociateAnchor',
      param: 'anchor',
      field: 'anchors',
      kind: 'anchor',
      back: 'conversations',
    },
    {
      name: 'asset',
      associate: 'conversationAssociateAsset',
      disassociate: 'conversationDisassociateAsset',
      param: 'asset',
      field: 'assets',
      kind: 'asset',
      back: 'conversations',
    },
    {
      name: 'website',
      associate: 'conversationAssociateWebsite',
      disassociate: 'conversationDisassociateWebsite',
      param: 'website',
      field: 'websites',
      kind: 'website',
      back: 'conversations',
    },
    {
      name: 'summary',
      associate: 'conversationAssociateWorkstreamSummary',
      disassociate: 'conversationDisassociateWorkstreamSummary',
      param: 'workstreamSummary',
      field: 'summaries',
      kind: 'workstreamSummary',
      back: 'conversations',
    },
    {
      name: 'range',
      associate: 'conversationAssociateGroundingTemporalRangeWorkstream',
      disassociate: 'conversationDisassociateGroundingTemporalRangeWorkstream',
      param: 'range',
      field: 'grounding.temporal.workstreams',
      kind: 'range',
      back: 'conversations',
    },
  ] as const

  it.each(links)(
    'links and unlinks a $name on both records; the unlinked id stays in indices as -1 until a reset',
    async (link) => {
      const created = await conversations.conversationsCreateSpecificConversation({})
      const otherId = fixture[link.name]
      const api = conversation as unknown as Record<string, (p: object) => Promise<void>>
      await api[link.associate]!({ conversation: created.id, [link.param]: otherId })
      const { json } = await getConversation(created.id)
      const collection = link.field.split('.').reduce<any>((value, key) => value[key], json)
      expect(collection).toEqual({ iterable: [{ id: otherId }], indices: { [otherId]: 0 } })
      expect((mock.store.get(link.kind, otherId) as unknown as Record<string, string[]>)[link.back]).toContain(
        created.id,
      )

      await api[link.disassociate]!({ conversation: created.id, [link.param]: otherId })
      const { json: after } = await getConversation(created.id)
      expect(link.field.split('.').reduce<any>((value, key) => value[key], after)).toEqual({
        iterable: [],
        indices: { [otherId]: -1 },
      })
      expect((mock.store.get(link.kind, otherId) as unknown as Record<string, string[]>)[link.back]).not.toContain(
        created.id,
      )

      await api[link.associate]!({ conversation: created.id, [link.param]: otherId })
      const { json: again } = await getConversation(created.id)
      expect(link.field.split('.').reduce<any>((value, key) => value[key], again)).toEqual({
        iterable: [{ id: otherId }],
        indices: { [otherId]: 0 },
      })
    },
  )

  it("keeps a deleted message in its conversation's indices as -1, and forgets it on reset", async () => {
    const [message] = mock.store.get('conversation', fixture.conversation)!.messages
    await mock.store.write((tx) => tx.remove('message', message!))
    const { json } = await getConversation(fixture.conversation)
    const messages = (json as { messages: { iterable: Array<{ id: string }>; indices: Record<string, number> } })
      .messages
    expect(messages.indices[message!]).toBe(-1)
    expect(messages.iterable.map((entry) => entry.id)).not.toContain(message)
    expect(Object.values(messages.indices).filter((position) => position >= 0)).toEqual(
      messages.iterable.map((_, at) => at),
    )
    await mock.reset()
    const { json: fresh } = await getConversation(fixture.conversation)
    expect((fresh as { messages: { indices: Record<string, number> } }).messages.indices[message!]).toBe(0)
  })

  it('adds a message to and removes it from the grounding of a conversation', async () => {
    const messageId = mock.store.get('conversation', fixture.conversation)!.messages[0]!
    const created = await conversations.conversationsCreateSpecificConversation({})
    await conversation.conversationGroundingMessagesAssociateMessage({ conversation: created.id, message: messageId })
    expect(
      (await conversation.conversationGetSpecificConversation({ conversation: created.id })).grounding!.messages!
        .iterable,
    ).toEqual([{ id: messageId }])
    await conversation.conversationGroundingMessagesDisassociateMessage({
      conversation: created.id,
      message: messageId,
    })
    expect(
      (await conversation.conversationGetSpecificConversation({ conversation: created.id })).grounding!.messages!
        .iterable,
    ).toEqual([])
  })

  it.each(['delete', 'disassociate'])(
    'unlinks assets and anchors under the old and new spelling: /%s/',
    async (verb) => {
      const created = await conversations.conversationsCreateSpecificConversation({})
      await conversation.conversationAssociateAsset({ conversation: created.id, asset: fixture.asset })
      await conversation.conversationAssociateAnchor({ conversation: created.id, anchor: fixture.anchor })
      for (const [segment, id] of [
        ['assets', fixture.asset],
        ['anchors', fixture.anchor],
      ] as const) {
        const response = await fetch(`${mock.baseUrl}/conversation/${created.id}/${segment}/${verb}/${id}`, {
          method: 'POST',
        })
        expect(response.status).toBe(204)
      }
      const read = mock.store.get('conversation', created.id)!
      expect(read.assets).toEqual([])
      expect(read.anchors).toEqual([])
      expect(mock.store.get('asset', fixture.asset)!.conversations).not.toContain(created.id)
    },
  )

  it('answers 500 with a text message naming the id when a link names a record that does not exist', async () => {
    const result = await failure(
      conversation.conversationAssociateAsset({ conversation: fixture.conversation, asset: 'no-such-asset' }),
    )
    expect(result.status).toBe(500)
    expect(result.type).toMatch(/^text\/plain/)
    expect(result.text).toContain('no-such-asset')
    expect(mock.store.get('conversation', fixture.conversation)!.assets).not.toContain('no-such-asset')
  })

  it.each([
    ['rename', (id: string) => conversation.conversationSpecificConversationRename({ conversation: id })],
    ['messages', (id: string) => conversation.conversationSpecificConversationMessages({ conversation: id })],
    ['summarize', (id: string) => conversation.conversationSummarize({ conversation: id })],
    ['scores', (id: string) => conversation.conversationScoresIncrement({ conversation: id })],
    ['delete', (id: string) => conversations.conversationsDeleteSpecificConversation({ conversation: id })],
  ])('answers 500 with a clear message for an unknown id on %s', async (_name, call) => {
    const result = await failure(call('unknown-conversation'))
    expect(result.status).toBe(500)
    expect(result.text).toBe('No conversation with id "unknown-conversation" exists.')
  })
})

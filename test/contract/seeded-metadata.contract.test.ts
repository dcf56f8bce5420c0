import {
  ActivitiesToJSON,
  AnchorApi,
  AnchorToJSON,
  AnnotationApi,
  AnnotationToJSON,
  AssetApi,
  AssetsApi,
  AssetToJSON,
  Configuration,
  ConversationApi,
  ConversationsApi,
  ConversationToJSON,
  TagApi,
  TagToJSON,
  WebsiteApi,
  WebsiteToJSON,
  type SeededAssetMetadata,
} from '@pieces.app/pieces-os-client'
import type { RecordChange } from 'conversation-asset-mock'
import { defaultFixtures } from 'conversation-asset-mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

const APPLICATION = {
  id: 'app',
  name: 'OBSIDIAN',
  version: '2.0.1',
  platform: 'LINUX',
  onboarded: true,
  privacy: 'OPEN',
} as const

const NOTE = '# Groceries\n\nMilk, eggs and bread for the weekend.\n'

describe.each(runtimes)('what an asset seed carries, kept through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let asset: AssetApi
  let assets: AssetsApi
  let tags: TagApi
  let websites: WebsiteApi
  let anchors: AnchorApi
  let annotations: AnnotationApi
  let conversations: ConversationsApi
  let conversation: ConversationApi

  beforeAll(async () => {
    mock = await start()
    const configuration = new Configuration({ basePath: mock.baseUrl })
    asset = new AssetApi(configuration)
    assets = new AssetsApi(configuration)
    tags = new TagApi(configuration)
    websites = new WebsiteApi(configuration)
    anchors = new AnchorApi(configuration)
    annotations = new AnnotationApi(configuration)
    conversations = new ConversationsApi(configuration)
    conversation = new ConversationApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const create = (metadata: SeededAssetMetadata) =>
    assets.assetsCreateNewAsset({
      seed: {
        type: 'SEEDED_ASSET',
        asset: {
          application: APPLICATION,
          format: { fragment: { string: { raw: NOTE }, metadata: { ext: 'md' } } },
          metadata,
        },
      },
    })
  const snapshot = async (id: string) =>
    (await callAndCheck(asset.assetSnapshotRaw({ asset: id }), 'Asset', AssetToJSON)).value

  it('keeps the tags a seed carries, each a tag that lists the asset', async () => {
    const created = await create({ tags: [{ text: 'groceries' }, { text: 'weekend', category: 'HANDLE' }] })
    const read = await snapshot(created.id)
    expect(read.tags!.iterable.map((tag) => tag.text)).toEqual(['groceries', 'weekend'])
    for (const { id } of read.tags!.iterable) {
      const { value } = await callAndCheck(tags.tagsSpecificTagSnapshotRaw({ tag: id }), 'Tag', TagToJSON)
      expect(value.assets?.iterable?.map((linked) => linked.id)).toEqual([created.id])
    }
    expect(read.tags!.iterable[1]!.category).toBe('HANDLE')
  })

  it('keeps the websites a seed carries, each a website that lists the asset', async () => {
    const created = await create({
      websites: [
        { url: 'https://obsidian.md', name: 'Obsidian' },
        { url: 'https://pieces.app', name: 'Pieces' },
      ],
    })
    const read = await snapshot(created.id)
    expect(read.websites!.iterable.map((website) => [website.url, website.name])).toEqual([
      ['https://obsidian.md', 'Obsidian'],
      ['https://pieces.app', 'Pieces'],
    ])
    for (const { id } of read.websites!.iterable) {
      const { value } = await callAndCheck(
        websites.websitesSpecificWebsiteSnapshotRaw({ website: id }),
        'Website',
        WebsiteToJSON,
      )
      expect(value.assets?.iterable?.map((linked) => linked.id)).toEqual([created.id])
    }
  })

  it('keeps the anchors a seed carries, with their paths and their own annotations, each listing the asset', async () => {
    const created = await create({
      anchors: [
        {
          type: 'FILE',
          fullpath: '/vault/Groceries.md',
          name: 'Groceries.md',
          annotations: [{ type: 'COMMENT', text: 'The note this came from' }],
        },
        { type: 'DIRECTORY', fullpath: '/vault' },
      ],
    })
    const read = await snapshot(created.id)
    const paths = read.anchors!.iterable.map((anchor) => anchor.points.iterable[0]!.reference!.fullpath)
    expect(paths).toEqual(['/vault/Groceries.md', '/vault'])
    const [file, folder] = read.anchors!.iterable
    expect([file!.type, file!.name, folder!.type]).toEqual(['FILE', 'Groceries.md', 'DIRECTORY'])
    for (const { id } of read.anchors!.iterable) {
      const { value } = await callAndCheck(
        anchors.anchorSpecificAnchorSnapshotRaw({ anchor: id }),
        'Anchor',
        AnchorToJSON,
      )
      expect(value.assets?.iterable?.map((linked) => linked.id)).toEqual([created.id])
    }
    const own = file!.annotations!.iterable.map((annotation) => annotation.id)
    expect(own).toHaveLength(1)
    const { value: comment } = await callAndCheck(
      annotations.annotationSpecificAnnotationSnapshotRaw({ annotation: own[0]! }),
      'Annotation',
      AnnotationToJSON,
    )
    expect(comment.text).toBe('The note this came from')
    expect(comment.anchors!.iterable.map((linked) => linked.id)).toEqual([file!.id])
  })

  it('keeps the annotations a seed carries, each an annotation of the asset', async () => {
    const created = await create({
      annotations: [
        { type: 'DESCRIPTION', text: 'What to buy this weekend.' },
        { type: 'COMMENT', text: 'Ask about oat milk.', favorited: true },
      ],
    })
    const read = await snapshot(created.id)
    expect(read.annotations!.iterable.map((annotation) => [annotation.type, annotation.text])).toEqual([
      ['DESCRIPTION', 'What to buy this weekend.'],
      ['COMMENT', 'Ask about oat milk.'],
    ])
    for (const { id } of read.annotations!.iterable) {
      const { value } = await callAndCheck(
        annotations.annotationSpecificAnnotationSnapshotRaw({ annotation: id }),
        'Annotation',
        AnnotationToJSON,
      )
      expect(value.asset?.id).toBe(created.id)
    }
  })

  it('creates the asset and everything its seed carries in one write, logging each as its own route would', async () => {
    const changes: RecordChange[][] = []
    const stop = mock.store.subscribe((event) => {
      if (event.type === 'write') changes.push([...event.changes])
    })
    const created = await create({
      tags: [{ text: 'groceries' }],
      websites: [{ url: 'https://obsidian.md', name: 'Obsidian' }],
      anchors: [{ type: 'FILE', fullpath: '/vault/Groceries.md' }],
      annotations: [{ type: 'DESCRIPTION', text: 'What to buy.' }],
    })
    stop()
    expect(changes).toHaveLength(1)
    const kinds = new Set(changes[0]!.filter((change) => change.type === 'created').map((change) => change.kind))
    expect([...kinds].sort()).toEqual([
      'activity',
      'anchor',
      'anchorPoint',
      'annotation',
      'asset',
      'format',
      'tag',
      'website',
    ])
    const { value: activities } = await callAndCheck(
      asset.assetSpecificAssetActivitiesRaw({ asset: created.id }),
      'Activities',
      ActivitiesToJSON,
    )
    const events = activities.iterable.flatMap((activity) =>
      Object.entries(activity.event.asset!.identifierDescriptionPair)
        .filter(([, said]) => said !== undefined)
        .map(([event]) => event),
    )
    expect(events).toEqual([
      'assetCreated',
      'assetTagAdded',
      'assetLinkAdded',
      'assetAnchorAdded',
      'assetAnnotationAdded',
    ])
  })

  it('accepts the persons, sensitives and hints a seed carries, and keeps none of them', async () => {
    const created = await create({
      name: 'Groceries',
      persons: [{ type: { basic: { email: 'ada@example.com' } } }],
      sensitives: [{ text: 'sk-123', category: 'API_KEY', severity: 'HIGH', name: 'key', description: 'A key' }],
      hints: [{ type: 'SUGGESTED_QUERY', text: 'What is on the list?' }],
    })
    const read = await snapshot(created.id)
    expect(read.name).toBe('Groceries')
    expect(read.persons?.iterable ?? []).toEqual([])
    expect(read.sensitives?.iterable ?? []).toEqual([])
    expect(read.hints?.iterable ?? []).toEqual([])
  })

  it.each([
    [
      'an annotation that names a tag that does not exist',
      { annotations: [{ type: 'COMMENT', text: 'x', tags: { iterable: [{ id: 'no-such-tag' }] } }] },
    ],
    ['a tag without its text', { tags: [{ text: 'kept' }, { category: 'HANDLE' }] }],
    ['an anchor of an unknown type', { tags: [{ text: 'kept' }], anchors: [{ type: 'SYMLINK', fullpath: '/vault' }] }],
  ])('refuses a seed with %s, creating nothing', async (_name, metadata) => {
    const before = { assets: [...mock.store.all('asset')].length, tags: [...mock.store.all('tag')].length }
    const response = await fetch(`${mock.baseUrl}/assets/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'SEEDED_ASSET',
        asset: { application: APPLICATION, format: { fragment: { string: { raw: NOTE } } }, metadata },
      }),
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(await response.text()).toMatch(/tag|anchor|type|text/i)
    expect({ assets: [...mock.store.all('asset')].length, tags: [...mock.store.all('tag')].length }).toEqual(before)
  })

  it('keeps the annotations, anchors and message links a conversation seed carries, linked both ways', async () => {
    const assetId = defaultFixtures.asset![0]!.id
    const tagId = defaultFixtures.tag![0]!.id
    const { value: created } = await callAndCheck(
      conversations.conversationsCreateSpecificConversationRaw({
        seededConversation: {
          type: 'COPILOT',
          name: 'About groceries',
          annotations: [{ type: 'SUMMARY', text: 'We planned the weekend.', tags: { iterable: [{ id: tagId }] } }],
          anchors: [
            {
              type: 'FILE',
              fullpath: '/vault/Groceries.md',
              annotations: [{ type: 'COMMENT', text: 'Discussed here' }],
            },
          ],
          assets: { iterable: [{ id: assetId }] },
          messages: [
            {
              role: 'USER',
              fragment: { string: { raw: 'What do I need?' } },
              assets: { iterable: [{ id: assetId }] },
              tags: { iterable: [{ id: tagId }] },
            },
          ],
        },
      }),
      'Conversation',
      ConversationToJSON,
    )
    const { value: read } = await callAndCheck(
      conversation.conversationGetSpecificConversationRaw({ conversation: created.id }),
      'Conversation',
      ConversationToJSON,
    )
    const [summary] = read.annotations!.iterable
    const { value: annotation } = await callAndCheck(
      annotations.annotationSpecificAnnotationSnapshotRaw({ annotation: summary!.id }),
      'Annotation',
      AnnotationToJSON,
    )
    expect([annotation.text, annotation.conversation?.id]).toEqual(['We planned the weekend.', created.id])
    expect(annotation.tags!.iterable.map((tag) => tag.id)).toEqual([tagId])
    expect(mock.store.get('tag', tagId)!.annotations).toContain(summary!.id)

    const [anchorRef] = read.anchors!.iterable
    const { value: anchor } = await callAndCheck(
      anchors.anchorSpecificAnchorSnapshotRaw({ anchor: anchorRef!.id }),
      'Anchor',
      AnchorToJSON,
    )
    expect(anchor.points.iterable[0]!.reference!.fullpath).toBe('/vault/Groceries.md')
    expect(anchor.conversations!.iterable.map((linked) => linked.id)).toEqual([created.id])
    expect(anchor.annotations!.iterable).toHaveLength(1)

    const messageId = Object.keys(read.messages.indices ?? {})[0]!
    expect(mock.store.get('message', messageId)!.assets).toEqual([assetId])
    expect(mock.store.get('asset', assetId)!.messages).toContain(messageId)
    expect(mock.store.get('tag', tagId)!.messages).toContain(messageId)
  })

  it('refuses a conversation seed whose annotation names a missing record, creating nothing', async () => {
    const before = [...mock.store.all('conversation')].length
    const problem = await failure(
      conversations.conversationsCreateSpecificConversation({
        seededConversation: {
          type: 'COPILOT',
          annotations: [{ type: 'COMMENT', text: 'x', websites: { iterable: [{ id: 'no-such-website' }] } }],
        },
      }),
    )
    expect(problem.status).toBeGreaterThanOrEqual(400)
    expect([...mock.store.all('conversation')].length).toBe(before)
  })
})

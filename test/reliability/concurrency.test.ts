import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runtimes, type ContractRuntime } from '../contract/runtimes.js'
import { propertyOptions } from './support.js'
import { read } from '../support/read.js'

type Score = Record<string, number | undefined>

describe.each(runtimes)('concurrent requests lose nothing and leave links consistent, $name', ({ start }) => {
  let mock: ContractRuntime

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const post = (path: string, body?: unknown) =>
    fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${mock.baseUrl}${path}`)
    expect(response.status, path).toBe(200)
    return (await response.json()) as T
  }
  const idsOf = (kind: 'conversation' | 'asset' | 'tag') => Array.from(mock.store.all(kind), (record) => record.id)
  /** The status of each answer, each read to its end. */
  const statusesOf = async (requests: Array<Promise<Response>>) =>
    Promise.all(requests.map(async (request) => (await request.then(read)).status))
  /** The status of a POST, its answer read to its end. */
  const statusOf = async (path: string) => (await post(path).then(read)).status

  it('counts every one of 200 concurrent score increments on one conversation', async () => {
    const [id] = idsOf('conversation')
    const before = (await getJson<{ score: Score }>(`/conversation/${id}`)).score
    const statuses = await statusesOf(
      Array.from({ length: 200 }, () =>
        post(`/conversation/${id}/scores/increment`, {
          conversation: { reuse: true },
          conversations: { searched: true },
        }),
      ),
    )
    expect(new Set(statuses)).toEqual(new Set([204]))
    const after = (await getJson<{ score: Score }>(`/conversation/${id}`)).score
    expect(after.reuse).toBe((before.reuse ?? 0) + 200)
    expect(after.searched).toBe((before.searched ?? 0) + 200)
  })

  it('counts every one of 200 concurrent score increments on one asset', async () => {
    const [id] = idsOf('asset')
    const before = (await getJson<{ score: Score }>(`/asset/${id}?transferables=false`)).score
    const statuses = await statusesOf(
      Array.from({ length: 200 }, (_, index) =>
        post(
          `/asset/${id}/scores/increment`,
          index % 2 === 0 ? { asset: { reuse: true } } : { assets: { reuse: true, update: true } },
        ),
      ),
    )
    expect(new Set(statuses)).toEqual(new Set([204]))
    const after = (await getJson<{ score: Score }>(`/asset/${id}?transferables=false`)).score
    expect(after.reuse).toBe((before.reuse ?? 0) + 200)
    expect(after.update).toBe((before.update ?? 0) + 100)
  })

  it('leaves both sides of every conversation-asset and asset-tag link consistent after a storm of concurrent links, unlinks and deletes', async () => {
    const CONVERSATIONS = 4
    const EXTRA = 3
    const ASSETS = 5
    const TAGS = 4
    const storm = fc.array(
      fc.oneof(
        {
          weight: 5,
          arbitrary: fc.record({
            type: fc.constant('conversation-asset' as const),
            link: fc.boolean(),
            from: fc.nat(CONVERSATIONS + EXTRA - 1),
            to: fc.nat(ASSETS - 1),
            verb: fc.constantFrom('delete', 'disassociate'),
          }),
        },
        {
          weight: 5,
          arbitrary: fc.record({
            type: fc.constant('asset-tag' as const),
            link: fc.boolean(),
            from: fc.nat(ASSETS - 1),
            to: fc.nat(TAGS - 1),
          }),
        },
        { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), index: fc.nat(EXTRA - 1) }) },
      ),
      { minLength: 150, maxLength: 250 },
    )
    await fc.assert(
      fc.asyncProperty(storm, async (operations) => {
        await mock.reset()
        const created = await Promise.all(
          Array.from(
            { length: EXTRA },
            async () =>
              ((await (await post('/conversations/create', { type: 'COPILOT' })).json()) as { id: string }).id,
          ),
        )
        const conversations = [...idsOf('conversation').slice(0, CONVERSATIONS), ...created]
        const assets = idsOf('asset').slice(0, ASSETS)
        const tags = idsOf('tag').slice(0, TAGS)
        const deletable = new Set(created)
        const deleted = new Set<string>()
        const outcomes = await Promise.all(
          operations.map(async (operation) => {
            if (operation.type === 'delete') {
              const id = created[operation.index]!
              deleted.add(id)
              return { operation, mayFail: true, status: await statusOf(`/conversations/${id}/delete`) }
            }
            if (operation.type === 'conversation-asset') {
              const conversation = conversations[operation.from]!
              const asset = assets[operation.to]!
              const verb = operation.link ? 'associate' : operation.verb
              const status = await statusOf(`/conversation/${conversation}/assets/${verb}/${asset}`)
              return { operation, mayFail: deletable.has(conversation), status }
            }
            const status = await statusOf(
              `/asset/${assets[operation.from]}/tags/${operation.link ? 'associate' : 'disassociate'}/${tags[operation.to]}`,
            )
            return { operation, mayFail: false, status }
          }),
        )
        for (const { operation, mayFail, status } of outcomes) {
          expect(mayFail ? [204, 410, 500] : [204], JSON.stringify(operation)).toContain(status)
        }

        // Both sides agree, no list holds an id twice or an id that is gone.
        const store = mock.store
        for (const deletedId of deleted) expect(store.get('conversation', deletedId)).toBeUndefined()
        for (const conversation of store.all('conversation')) {
          expect(new Set(conversation.assets).size).toBe(conversation.assets.length)
          for (const asset of conversation.assets)
            expect(store.get('asset', asset)?.conversations).toContain(conversation.id)
        }
        for (const asset of store.all('asset')) {
          expect(new Set(asset.conversations).size).toBe(asset.conversations.length)
          expect(new Set(asset.tags).size).toBe(asset.tags.length)
          for (const conversation of asset.conversations)
            expect(store.get('conversation', conversation)?.assets).toContain(asset.id)
          for (const tag of asset.tags) expect(store.get('tag', tag)?.assets).toContain(asset.id)
        }
        for (const tag of store.all('tag')) {
          for (const asset of tag.assets) expect(store.get('asset', asset)?.tags).toContain(tag.id)
        }

        // A pair only ever linked is linked; a pair only ever unlinked is not.
        const verdicts = new Map<string, Set<boolean>>()
        for (const { operation } of outcomes) {
          if (operation.type === 'delete') continue
          const key =
            operation.type === 'conversation-asset'
              ? `c:${conversations[operation.from]}|${assets[operation.to]}`
              : `a:${assets[operation.from]}|${tags[operation.to]}`
          verdicts.set(key, (verdicts.get(key) ?? new Set()).add(operation.link))
        }
        for (const [key, links] of verdicts) {
          if (links.size !== 1) continue
          const [kind, pair] = [key.slice(0, 1), key.slice(2)]
          const [from, to] = pair.split('|') as [string, string]
          if (kind === 'c' && deleted.has(from)) continue
          const linked =
            kind === 'c'
              ? store.get('conversation', from)!.assets.includes(to)
              : store.get('asset', from)!.tags.includes(to)
          expect(linked, `${key} was only ever ${links.has(true) ? 'linked' : 'unlinked'}`).toBe(links.has(true))
        }

        // The wire agrees with the store: an asset's conversations are the ones that list it.
        for (const asset of assets) {
          const listed = await getJson<{ iterable: Array<{ id: string }> }>(
            `/asset/${asset}/conversations?transferables=false`,
          )
          const expected = [...store.all('conversation')]
            .filter((conversation) => conversation.assets.includes(asset))
            .map((c) => c.id)
          expect(listed.iterable.map((conversation) => conversation.id).sort()).toEqual(expected.sort())
        }
      }),
      propertyOptions(6),
    )
  })

  it('leaves both records of a link in agreement when both sides link, unlink and delete at once', async () => {
    const TAGS = 3
    const WEBSITES = 3
    const MESSAGES = 3
    type Step =
      | { type: 'tag-website'; link: boolean; tagSide: boolean; tag: number; website: number }
      | { type: 'message-asset'; link: boolean; messageSide: boolean; message: number }
      | { type: 'delete-tag'; tag: number }
    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          type: fc.constant('tag-website' as const),
          link: fc.boolean(),
          tagSide: fc.boolean(),
          tag: fc.nat(TAGS - 1),
          website: fc.nat(WEBSITES - 1),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          type: fc.constant('message-asset' as const),
          link: fc.boolean(),
          messageSide: fc.boolean(),
          message: fc.nat(MESSAGES - 1),
        }),
      },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('delete-tag' as const), tag: fc.nat(TAGS - 1) }) },
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 100, maxLength: 200 }), async (steps) => {
        await mock.reset()
        // Tags of their own, so a delete removes one the test made.
        const tags = await Promise.all(
          Array.from(
            { length: TAGS },
            async (_, index) =>
              ((await (await post('/tags/create', { text: `storm-${index}` })).json()) as { id: string }).id,
          ),
        )
        const websites = [...mock.store.all('website')].slice(0, WEBSITES).map((website) => website.id)
        const messages = [...mock.store.all('message')].slice(0, MESSAGES).map((message) => message.id)
        const [asset] = idsOf('asset') as [string]
        const deleted = new Set<string>()
        const outcomes = await Promise.all(
          steps.map(async (change) => {
            if (change.type === 'delete-tag') {
              deleted.add(tags[change.tag]!)
              return { change, mayFail: true, status: await statusOf(`/tags/${tags[change.tag]}/delete`) }
            }
            const verb = change.link ? 'associate' : 'disassociate'
            if (change.type === 'tag-website') {
              const [tag, website] = [tags[change.tag]!, websites[change.website]!]
              const path = change.tagSide
                ? `/tag/${tag}/websites/${verb}/${website}`
                : `/website/${website}/tags/${verb}/${tag}`
              return { change, mayFail: true, status: await statusOf(path) }
            }
            const message = messages[change.message]!
            const path = change.messageSide
              ? `/message/${message}/assets/${verb}/${asset}`
              : `/asset/${asset}/messages/${verb}/${message}`
            return { change, mayFail: false, status: await statusOf(path) }
          }),
        )
        for (const { change, mayFail, status } of outcomes) {
          expect(mayFail ? [204, 410, 500] : [204], JSON.stringify(change)).toContain(status)
        }

        const store = mock.store
        for (const id of deleted) expect(store.get('tag', id)).toBeUndefined()
        for (const tag of tags.flatMap((id) => store.get('tag', id) ?? [])) {
          expect(new Set(tag.websites).size).toBe(tag.websites.length)
          for (const website of tag.websites) expect(store.get('website', website)?.tags).toContain(tag.id)
        }
        for (const website of websites.map((id) => store.get('website', id)!)) {
          expect(new Set(website.tags).size).toBe(website.tags.length)
          for (const tag of website.tags) expect(store.get('tag', tag)?.websites).toContain(website.id)
        }
        const assetMessages = store.get('asset', asset)!.messages
        expect(new Set(assetMessages).size).toBe(assetMessages.length)
        for (const message of messages) {
          expect(store.get('message', message)!.assets.includes(asset)).toBe(assetMessages.includes(message))
        }
        // The wire agrees with the store, removed links marked -1 on the side that listed them.
        for (const website of websites) {
          const wire = await getJson<{ tags: { iterable: Array<{ id: string }>; indices: Record<string, number> } }>(
            `/website/${website}`,
          )
          expect(wire.tags.iterable.map((tag) => tag.id)).toEqual(store.get('website', website)!.tags)
          for (const [tag, position] of Object.entries(wire.tags.indices)) {
            if (position === -1) expect(store.get('website', website)!.tags).not.toContain(tag)
          }
        }
      }),
      propertyOptions(6),
    )
  })

  it('gives concurrent creates distinct ids and lists every one of them', async () => {
    const before = new Set(idsOf('conversation'))
    const assetsBefore = new Set(idsOf('asset'))
    const [sourceAsset] = idsOf('asset')
    const conversationCreates = Array.from({ length: 100 }, (_, index) =>
      post('/conversations/create', { type: 'COPILOT', name: `concurrent ${index}` }).then(async (response) => {
        expect(response.status).toBe(200)
        return ((await response.json()) as { id: string }).id
      }),
    )
    const fromAsset = Array.from({ length: 50 }, () =>
      post(`/conversations/create/from_asset/${sourceAsset}`).then(async (response) => {
        expect(response.status).toBe(200)
        return ((await response.json()) as { conversation: { id: string } }).conversation.id
      }),
    )
    const assetCreates = Array.from({ length: 50 }, (_, index) =>
      post('/assets/create', {
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
          format: { fragment: { string: { raw: `print(${index})` } } },
        },
      }).then(async (response) => {
        expect(response.status).toBe(200)
        return ((await response.json()) as { id: string }).id
      }),
    )
    const [conversations, fromAssets, assets] = await Promise.all([
      Promise.all(conversationCreates),
      Promise.all(fromAsset),
      Promise.all(assetCreates),
    ])
    const newConversations = [...conversations, ...fromAssets]
    expect(new Set(newConversations).size).toBe(150)
    expect(new Set(assets).size).toBe(50)
    for (const id of newConversations) expect(before.has(id)).toBe(false)
    for (const id of assets) expect(assetsBefore.has(id)).toBe(false)

    const listed = await getJson<{ iterable: Array<{ id: string }> }>('/conversations/identifiers')
    const listedIds = listed.iterable.map((item) => item.id)
    expect(listedIds).toHaveLength(before.size + 150)
    expect(listedIds).toEqual(expect.arrayContaining(newConversations))
    const listedAssets = (await getJson<{ iterable: Array<{ id: string }> }>('/assets/identifiers')).iterable.map(
      (item) => item.id,
    )
    expect(listedAssets).toHaveLength(assetsBefore.size + 50)
    expect(listedAssets).toEqual(expect.arrayContaining(assets))
    const source = await getJson<{ conversations: { iterable: Array<{ id: string }> } }>(
      `/asset/${sourceAsset}?transferables=false`,
    )
    expect(source.conversations.iterable.map((item) => item.id)).toEqual(expect.arrayContaining(fromAssets))
  })
})

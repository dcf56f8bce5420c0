import {
  AssetsApi,
  AssetsSearchWithFiltersOutputToJSON,
  Configuration,
  ConversationApi,
  ConversationMessagesApi,
  ConversationsApi,
  SearchedAssetsToJSON,
  SearchedConversationMessagesToJSON,
  SearchedConversationsToJSON,
} from '@pieces.app/pieces-os-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

const searchInput = (...queries: string[]) => ({ engines: { iterable: queries.map((query) => ({ query })) } })

describe.each(runtimes)(
  'searching assets, conversations and messages through the official client, $name',
  ({ start }) => {
    let mock: ContractRuntime
    let assets: AssetsApi

    beforeAll(async () => {
      mock = await start()
      assets = new AssetsApi(new Configuration({ basePath: mock.baseUrl }))
    })
    afterAll(() => mock.close())

    const configuration = () => new Configuration({ basePath: mock.baseUrl })
    const firstAsset = () => [...mock.store.all('asset')][0]!
    const codeOf = (assetId: string) =>
      mock.store.get('format', mock.store.get('asset', assetId)!.original)!.fragment!.string!.raw!

    it('finds an asset by its exact name first, and by a piece of its code', async () => {
      const asset = firstAsset()
      const { value } = await callAndCheck(
        assets.searchAssetsRaw({ query: asset.name!, transferables: false }),
        'SearchedAssets',
        SearchedAssetsToJSON,
      )
      expect(value.iterable[0]).toMatchObject({ identifier: asset.id, exact: true, score: 1, match: 'TITLE' })
      expect(value.iterable[0]!.asset!.id).toBe(asset.id)
      expect(value.exact).toBeGreaterThanOrEqual(1)

      const line = codeOf(asset.id)
        .split('\n')
        .find((candidate) => candidate.trim().length > 12)!
        .trim()
      const { value: byCode } = await callAndCheck(
        assets.searchAssetsRaw({ query: line }),
        'SearchedAssets',
        SearchedAssetsToJSON,
      )
      const hit = byCode.iterable.find((entry) => entry.identifier === asset.id)!
      expect(hit).toMatchObject({ exact: false, match: 'CONTENT' })
      expect(hit.score).toBeGreaterThan(0)
      expect(hit.score).toBeLessThan(1)
    })

    it('narrows an asset search to the assets with one of the searchable tags', async () => {
      const tag = [...mock.store.all('tag')].find((candidate) => candidate.assets.length > 0)!
      const { value } = await callAndCheck(
        assets.searchAssetsRaw({ searchableTags: tag.text }),
        'SearchedAssets',
        SearchedAssetsToJSON,
      )
      expect(value.iterable.map((entry) => entry.identifier).sort()).toEqual([...tag.assets].sort())
      expect(value.iterable.every((entry) => entry.match === 'TAGS')).toBe(true)
    })

    it('refuses an asset search with no query and no tags, naming the parameter', async () => {
      expect(await failure(assets.searchAssets({}))).toMatchObject({
        status: 500,
        text: 'Missing query parameter "query": give the text to search for.',
      })
    })

    it('searches assets with filters: a space of ids, a language, a phrase in the title, and OR of nested filters', async () => {
      const all = [...mock.store.all('asset')]
      const [a, b] = all as [(typeof all)[0], (typeof all)[0]]
      const language = (asset: typeof a) => mock.store.get('format', asset.original)!.classification.specific
      const search = (input: object) =>
        callAndCheck(
          assets.assetsSearchWithFiltersRaw({ assetsSearchWithFiltersInput: input, transferables: false }),
          'AssetsSearchWithFiltersOutput',
          AssetsSearchWithFiltersOutputToJSON,
        )
      const ids = async (input: object) => (await search(input)).value.results.iterable.map((entry) => entry.identifier)

      expect(await ids({ space: { identifers: { iterable: [{ id: b.id }, { id: a.id }] } } })).toEqual([a.id, b.id])
      expect(await ids({ filters: { iterable: [{ classification: language(a) }] } })).toEqual(
        all.filter((asset) => language(asset) === language(a)).map((asset) => asset.id),
      )
      expect(await ids({ filters: { iterable: [{ phrase: { value: a.name!, title: true } }] } })).toContain(a.id)
      expect(
        await ids({
          filters: {
            type: 'OR',
            iterable: [
              { operations: { iterable: [{ phrase: { value: a.name!, title: true } }] } },
              { phrase: { value: b.name!, title: true } },
            ],
          },
        }),
      ).toEqual(expect.arrayContaining([a.id, b.id]))
      expect(await ids({ filters: { iterable: [{ persons: ['nobody'] }] } })).toEqual([])
      const { value } = await search({ query: a.name!.toUpperCase(), casing: true })
      expect(value.results.iterable.map((entry) => entry.identifier)).not.toContain(a.id)
      const { value: folded } = await search({ query: a.name!.toUpperCase() })
      expect(folded.results.iterable[0]).toMatchObject({ identifier: a.id, exact: true })
    })

    it('finds conversations by name and by the text of their messages, with the messages that matched', async () => {
      const conversation = [...mock.store.all('conversation')][0]!
      const message = mock.store.get('message', conversation.messages[0]!)!
      const phrase = message.fragment!.string!.raw!.slice(0, 24)
      const conversations = new ConversationsApi(configuration())
      const { value } = await callAndCheck(
        conversations.searchConversationsRaw({ searchInput: searchInput(phrase) }),
        'SearchedConversations',
        SearchedConversationsToJSON,
      )
      const hit = value.iterable.find((entry) => entry.identifier === conversation.id)!
      expect(hit.conversation!.id).toBe(conversation.id)
      expect(hit.messages!.iterable.map((entry) => entry.identifier)).toContain(message.id)
      const { value: byName } = await callAndCheck(
        conversations.searchConversationsRaw({ searchInput: searchInput(conversation.name!) }),
        'SearchedConversations',
        SearchedConversationsToJSON,
      )
      expect(byName.iterable[0]).toMatchObject({ identifier: conversation.id, exact: true, similarity: 1 })
    })

    it('finds messages across conversations and within one, and needs every query with AND', async () => {
      const conversation = [...mock.store.all('conversation')][0]!
      const message = mock.store.get('message', conversation.messages[0]!)!
      const text = message.fragment!.string!.raw!
      const messages = new ConversationMessagesApi(configuration())
      const { value } = await callAndCheck(
        messages.searchMessagesRaw({ searchInput: searchInput(text) }),
        'SearchedConversationMessages',
        SearchedConversationMessagesToJSON,
      )
      expect(value.iterable[0]).toMatchObject({ identifier: message.id, exact: true })
      expect(value.iterable[0]!.message!.conversation.id).toBe(conversation.id)
      const { value: within } = await callAndCheck(
        new ConversationApi(configuration()).searchConversationSpecificMessagesRaw({
          conversation: conversation.id,
          searchInput: searchInput(text.slice(0, 10)),
        }),
        'SearchedConversationMessages',
        SearchedConversationMessagesToJSON,
      )
      expect(within.iterable.every((entry) => conversation.messages.includes(entry.identifier))).toBe(true)
      expect(within.iterable.map((entry) => entry.identifier)).toContain(message.id)
      const both = await messages.searchMessages({
        searchInput: {
          engines: { type: 'AND', iterable: [{ query: text.slice(0, 10) }, { query: 'no message says this 7c6b' }] },
        },
      })
      expect(both.iterable).toEqual([])
    })

    it('refuses a search whose engines carry no query', async () => {
      const refused = await failure(
        new ConversationMessagesApi(configuration()).searchMessages({ searchInput: { engines: { iterable: [{}] } } }),
      )
      expect(refused).toMatchObject({
        status: 500,
        text: 'Invalid SearchInput body: engines.iterable: no engine has a query.',
      })
    })
  },
)

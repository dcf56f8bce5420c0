import {
  AnalysisToJSON,
  AssetsApi,
  FormatApi,
  AssetsToJSON,
  Configuration,
  ConversationApi,
  ConversationsApi,
  ModelApi,
  PieceApi,
  PseudoAssetsToJSON,
  QGPTApi,
  QGPTQuestionOutputToJSON,
  RelationshipApi,
  RelationshipToJSON,
  RelationshipsApi,
  RelationshipsToJSON,
  WorkstreamSummariesApi,
  WorkstreamSummaryApi,
  WorkstreamSummaryToJSON,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * The reads and writes the service derives from the records it holds,
 * through the official client on both runtimes: each answers the same for
 * the same records, in the order docs/endpoints.md gives.
 */

describe.each(runtimes)('derived reads and writes, $name', ({ start }) => {
  let mock: ContractRuntime
  let configuration: Configuration

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('recommends favorites, then the most used assets, the same way every time', async () => {
    const assets = new AssetsApi(configuration)
    const [low, high] = [...mock.store.all('asset')].slice(-2)
    await mock.store.write((tx) => {
      for (const asset of [...tx.all('asset')]) {
        tx.update('asset', asset.id, (draft) => void (draft.favorited = asset.id === low!.id))
      }
      tx.update('asset', high!.id, (draft) => void (draft.score = { manual: 50, automatic: 50 }))
    })
    const { value } = await callAndCheck(assets.assetsGetRecommendedAssetsRaw({}), 'Assets', AssetsToJSON)
    const ids = value.iterable.map((asset) => asset.id)
    expect(ids.slice(0, 2)).toEqual([low!.id, high!.id])
    expect(ids.length).toBeLessThanOrEqual(10)
    expect((await assets.assetsGetRecommendedAssets({})).iterable.map((asset) => asset.id)).toEqual(ids)
  })

  it('relates the most recently updated asset to those sharing its tags, the most shared first', async () => {
    const all = [...mock.store.all('asset')]
    const [latest, both, one] = [all[0]!, all[1]!, all[2]!]
    const tags = [...mock.store.all('tag')].slice(0, 2)
    await mock.store.write((tx) => {
      for (const tag of tags) {
        tx.link('asset', latest.id, 'tags', tag.id)
        tx.link('asset', both.id, 'tags', tag.id)
      }
      tx.link('asset', one.id, 'tags', tags[0]!.id)
      tx.update('asset', latest.id, () => {})
    })
    const { value } = await callAndCheck(
      new AssetsApi(configuration).assetsGetRelatedAssetsRaw({}),
      'Assets',
      AssetsToJSON,
    )
    const ids = value.iterable.map((asset) => asset.id)
    expect(ids).not.toContain(latest.id)
    expect(ids.indexOf(both.id)).toBeLessThan(ids.indexOf(one.id))
  })

  it('lists as pseudo only the assets the user did not save', async () => {
    const asset = [...mock.store.all('asset')][0]!
    await mock.store.write((tx) => tx.update('asset', asset.id, (draft) => void (draft.mechanism = 'AUTOMATIC')))
    const { value } = await callAndCheck(
      new AssetsApi(configuration).assetsPseudoSnapshotRaw(),
      'PseudoAssets',
      PseudoAssetsToJSON,
    )
    expect(value.identifiers?.iterable?.map((item) => item.id)).toEqual([asset.id])
  })

  it("derives a format's relationship from its asset's records, and answers 410 for no format", async () => {
    const format = [...mock.store.all('format')][0]!
    const { value } = await callAndCheck(
      new RelationshipApi(configuration).relationshipsSpecificRelationshipSnapshotRaw({ relationship: format.id }),
      'Relationship',
      RelationshipToJSON,
    )
    expect(value.edges.iterable[0]).toMatchObject({ id: format.id, type: 'FORMAT', root: true })
    expect(value.edges.iterable[1]).toMatchObject({ id: format.asset, type: 'ASSET', root: false })
    const { value: list } = await callAndCheck(
      new RelationshipsApi(configuration).relationshipsSnapshotRaw(),
      'Relationships',
      RelationshipsToJSON,
    )
    expect(list.iterable).toHaveLength(mock.store.count('format'))
    const missing = await failure(
      new RelationshipApi(configuration).relationshipsSpecificRelationshipSnapshot({ relationship: 'none' }),
    )
    expect(missing.status).toBe(410)
  })

  it('serves the page of a share by its short code, as HTML', async () => {
    const share = [...mock.store.all('share')][0]!
    const code = share.id.replace(/-/g, '').slice(0, 10)
    const page = await new PieceApi(configuration).htmlShare({ p: code })
    expect(page).toContain(`<h1>${share.name}</h1>`)
    expect(await failure(new PieceApi(configuration).htmlShare({ p: 'nothing' }))).toMatchObject({ status: 410 })
  })

  it('suggests stored hints that share words with the question and its answer, best first', async () => {
    const { value } = await callAndCheck(
      new QGPTApi(configuration).hintsRaw({
        qGPTHintsInput: {
          query: 'debounced call',
          answer: { text: 'Cancel the pending timer.', score: 1 },
          relevant: { iterable: [] },
        },
      }),
      'QGPTQuestionOutput',
      QGPTQuestionOutputToJSON,
    )
    expect(value.answers.iterable[0]!.text).toBe('How do I cancel a pending debounced call?')
    const scores = value.answers.iterable.map((answer) => answer.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('analyses a format from its stored content and classification', async () => {
    const format = [...mock.store.all('format')][0]!
    const { value } = await callAndCheck(
      new FormatApi(configuration).formatAnalysisRaw({ format: format.id }),
      'Analysis',
      AnalysisToJSON,
    )
    expect(value).toMatchObject({ format: format.id, code: { type: format.classification.generic } })
    const again = await new FormatApi(configuration).formatAnalysis({ format: format.id })
    expect(again).toEqual(value)
  })

  it("raises a model's score", async () => {
    const model = [...mock.store.all('model')][0]!
    await new ModelApi(configuration).modelScoresIncrement({
      model: model.id,
      seededScoreIncrement: { model: { reuse: true } },
    })
    expect(mock.store.get('model', model.id)!.score).toEqual({ manual: 0, automatic: 0, reuse: 1 })
  })

  it('prepares an existing conversation and refuses a missing one', async () => {
    const api = new ConversationApi(configuration)
    const conversation = [...mock.store.all('conversation')][0]!
    await api.conversationSpecificConversationPrepare({ conversation: conversation.id })
    const missing = await failure(api.conversationSpecificConversationPrepare({ conversation: 'none' }))
    expect(missing.status).toBe(500)
  })

  it('writes a summary text from its linked records, the same again, and grounds a conversation in it', async () => {
    const summary = [...mock.store.all('workstreamSummary')][0]!
    const api = new WorkstreamSummaryApi(configuration)
    const { value } = await callAndCheck(
      api.workstreamSummaryRegenerateSpecificSummaryRaw({ workstreamSummary: summary.id }),
      'WorkstreamSummary',
      WorkstreamSummaryToJSON,
    )
    const textOf = () =>
      mock.store
        .get('workstreamSummary', summary.id)!
        .annotations.map((id) => mock.store.get('annotation', id)!)
        .find((annotation) => annotation.type === 'SUMMARY')!.text
    const text = textOf()
    expect(text.startsWith(`${summary.name}: `)).toBe(true)
    expect(value.annotations?.iterable.length).toBeGreaterThan(0)
    await api.workstreamSummaryRegenerateSpecificSummary({ workstreamSummary: summary.id })
    expect(textOf()).toBe(text)

    const created = await new ConversationsApi(configuration).conversationsCreateFromWorkstreamSummary({
      workstreamSummary: summary.id,
    })
    const conversation = mock.store.get('conversation', created.conversation.id)!
    expect(conversation.summaries).toEqual([summary.id])
    expect(mock.store.get('message', conversation.messages[0]!)!.fragment?.string?.raw).toBe(text)
  })

  it('creates a summary of a time range from the records updated within it', async () => {
    const asset = [...mock.store.all('asset')][0]!
    const { value } = await callAndCheck(
      new WorkstreamSummariesApi(configuration).workstreamSummariesCreateAutogeneratedWorkstreamSummaryRaw({
        autoGeneratedWorkstreamSummaryInput: {
          anonymousRanges: [{ from: { value: new Date(asset.updated) }, to: { value: new Date(asset.updated) } }],
        },
      }),
      'WorkstreamSummary',
      WorkstreamSummaryToJSON,
    )
    expect(value.assets?.iterable?.map((item) => item.id)).toContain(asset.id)
    expect(value.name).toBe(`Summary from ${asset.updated} to ${asset.updated}`)
  })
})

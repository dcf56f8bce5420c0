import {
  ActivitiesToJSON,
  AnchorsToJSON,
  AssetApi,
  AssetsApi,
  AssetsToJSON,
  AssetToJSON,
  Configuration,
  ConversationApi,
  ConversationsToJSON,
  ExportedAssetToJSON,
  FlattenedAssetsToJSON,
  FormatApi,
  FormatsToJSON,
  FormatToJSON,
  RangesToJSON,
  TagsToJSON,
  WebsitesToJSON,
  WorkstreamSummariesToJSON,
} from '@pieces.app/pieces-os-client'
import { defaultFixtures } from 'conversation-asset-mock'
import { mostRecentFirst } from '../../src/store/most-recent-first.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

const linkedAsset = defaultFixtures.asset!.find((asset) => (asset.conversations?.length ?? 0) > 0)!
const linkedConversation = linkedAsset.conversations![0]!
const tagId = defaultFixtures.tag![0]!.id
const websiteId = defaultFixtures.website![0]!.id
const summaryId = defaultFixtures.workstreamSummary![0]!.id
const GONE = 'Asset no longer exists and is Gone.'

describe.each(runtimes)('asset operations through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let asset: AssetApi
  let assets: AssetsApi
  let conversation: ConversationApi
  let formats: FormatApi

  beforeAll(async () => {
    mock = await start()
    const configuration = new Configuration({ basePath: mock.baseUrl })
    asset = new AssetApi(configuration)
    assets = new AssetsApi(configuration)
    conversation = new ConversationApi(configuration)
    formats = new FormatApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const snapshot = (id: string, options: { transferables?: boolean; packageActivities?: boolean } = {}) =>
    callAndCheck(asset.assetSnapshotRaw({ asset: id, ...options }), 'Asset', AssetToJSON)

  it('serves an asset snapshot with full formats, referenced original and preview, and full linked records', async () => {
    const { value, json } = await snapshot(linkedAsset.id)
    const format = value.formats.iterable[0]!
    expect(value.original.id).toBe(format.id)
    expect(value.original.reference?.fragment?.string?.raw).toBe(format.fragment?.string?.raw)
    expect(value.preview.base.reference?.asset).toBe(linkedAsset.id)
    expect(format.asset.id).toBe(linkedAsset.id)
    const wire = json as { formats: { iterable: Array<{ asset: { original: unknown; preview: { base: unknown } } }> } }
    expect(typeof wire.formats.iterable[0]!.asset.original).toBe('string')
    expect(typeof wire.formats.iterable[0]!.asset.preview.base).toBe('string')
    expect(value.conversations!.iterable.map((c) => c.id)).toContain(linkedConversation)
    expect(value.conversations!.iterable[0]!.messages.iterable.length).toBeGreaterThan(0)
    expect(format.bytes.value).toBe(new TextEncoder().encode(format.fragment!.string!.raw!).length)
  })

  it('drops fragment and file from every format reachable in a snapshot when transferables is false', async () => {
    const { json } = await snapshot(linkedAsset.id, { transferables: false })
    const text = JSON.stringify(json)
    expect(text).not.toContain('"fragment"')
    expect(text).not.toContain('"file"')
    const { value } = await snapshot(linkedAsset.id, { transferables: false })
    expect(value.formats.iterable[0]!.classification.specific).toBeTruthy()
  })

  it('round-trips a snapshot through update: created kept, updated forward, name and text edits stick', async () => {
    const { value: before } = await snapshot(linkedAsset.id)
    before.name = 'Edited by the client'
    before.formats.iterable[0]!.fragment!.string!.raw = 'const edited = true\n'
    const { value: after } = await callAndCheck(asset.assetUpdateRaw({ asset: before }), 'Asset', AssetToJSON)
    expect(after.name).toBe('Edited by the client')
    expect(after.original.reference?.fragment?.string?.raw).toBe('const edited = true\n')
    expect(after.created.value.toISOString()).toBe(before.created.value.toISOString())
    expect(after.updated.value.getTime()).toBeGreaterThan(before.updated.value.getTime())
  })

  it('records an access through the POST snapshot as an activity, listed with package_activities', async () => {
    const { value } = await callAndCheck(
      asset.assetSnapshotPostRaw({ asset: linkedAsset.id, seededAccessor: { os: 'linux', share: '' } }),
      'Asset',
      AssetToJSON,
    )
    expect(value.id).toBe(linkedAsset.id)
    const { value: activities } = await callAndCheck(
      asset.assetSpecificAssetActivitiesRaw({ asset: linkedAsset.id }),
      'Activities',
      ActivitiesToJSON,
    )
    const last = activities.iterable.at(-1)!
    expect(last.event.asset?.identifierDescriptionPair.assetViewed).toBe('an_asset_was_viewed')
    const { value: packaged } = await snapshot(linkedAsset.id, { packageActivities: true })
    expect(packaged.activities!.iterable.map((a) => a.id)).toEqual(activities.iterable.map((a) => a.id))
    const { value: plain } = await snapshot(linkedAsset.id)
    expect(plain.activities).toBeUndefined()
  })

  it('lists an asset formats and its conversations', async () => {
    const { value: list } = await callAndCheck(
      asset.assetFormatsRaw({ asset: linkedAsset.id }),
      'Formats',
      FormatsToJSON,
    )
    expect(list.iterable.map((f) => f.id)).toEqual(linkedAsset.formats)
    const { value: conversations } = await callAndCheck(
      asset.assetSpecificAssetConversationsRaw({ asset: linkedAsset.id }),
      'Conversations',
      ConversationsToJSON,
    )
    expect(conversations.iterable.map((c) => c.id)).toEqual(mock.store.get('asset', linkedAsset.id)!.conversations)
  })

  it('exports an asset as Markdown with a fenced block in its language, and as escaped HTML', async () => {
    const format = mock.store.get('format', linkedAsset.original)!
    const language = format.classification.specific
    const firstLine = format.fragment!.string!.raw!.split('\n')[0]!
    const { value: md } = await callAndCheck(
      asset.assetSpecificAssetExportRaw({ asset: linkedAsset.id, exportType: 'MD' }),
      'ExportedAsset',
      ExportedAssetToJSON,
    )
    expect(md.raw.string!.raw).toContain('```' + language + '\n' + firstLine)
    expect(md.raw.string!.raw).toContain(`# ${linkedAsset.name}`)
    const { value: html } = await callAndCheck(
      asset.assetSpecificAssetExportRaw({ asset: linkedAsset.id, exportType: 'HTML' }),
      'ExportedAsset',
      ExportedAssetToJSON,
    )
    expect(html.raw.string!.raw).toContain(`<pre><code class="language-${language}">`)
    expect(html.raw.string!.raw).not.toMatch(/<code[^>]*>[^<]*<(?!\/code)/)
  })

  it('refuses an export without or with an unknown export_type, naming the parameter', async () => {
    for (const query of ['', '?export_type=PDF']) {
      const response = await fetch(`${mock.baseUrl}/asset/${linkedAsset.id}/export${query}`)
      expect(response.status).toBe(500)
      expect(await response.text()).toContain('export_type')
    }
  })

  it('reclassifies every code format of an asset to the new language', async () => {
    const { value: before } = await snapshot(linkedAsset.id, { transferables: false })
    const { value } = await callAndCheck(
      asset.assetReclassifyRaw({ assetReclassification: { ext: 'py', asset: before }, transferables: false }),
      'Asset',
      AssetToJSON,
    )
    expect(value.formats.iterable.every((f) => f.classification.specific === 'py')).toBe(true)
    expect(mock.store.get('format', linkedAsset.original)!.fragment!.metadata!.ext).toBe('py')
  })

  it('refuses a reclassification to a language the client does not know', async () => {
    const response = await fetch(`${mock.baseUrl}/asset/reclassify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ext: 'cobol85', asset: { id: linkedAsset.id } }),
    })
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('ext')
  })

  it('raises asset score counters', async () => {
    const response = await asset.assetScoresIncrementRaw({
      asset: linkedAsset.id,
      seededScoreIncrement: { asset: { reuse: true } },
    })
    expect(response.raw.status).toBe(204)
    expect(mock.store.get('asset', linkedAsset.id)!.score.reuse).toBe((linkedAsset.score?.reuse ?? 0) + 1)
  })

  it.each([
    ['tag', 'assetAssociateTag', 'assetDisassociateTag', 'tag', tagId, 'tag', 'tags'],
    ['website', 'assetAssociateWebsite', 'assetDisassociateWebsite', 'website', websiteId, 'website', 'websites'],
    [
      'workstream summary',
      'assetAssociateWorkstreamSummary',
      'assetDisassociateWorkstreamSummary',
      'workstreamSummary',
      summaryId,
      'workstreamSummary',
      'summaries',
    ],
  ] as const)(
    'links and unlinks a %s on both records',
    async (_name, associate, disassociate, param, otherId, kind, field) => {
      const created = await assets.assetsCreateNewAsset({
        seed: {
          type: 'SEEDED_ASSET',
          asset: {
            application: {
              id: 'app',
              name: 'OPEN_SOURCE',
              version: '1.0.0',
              platform: 'LINUX',
              onboarded: false,
              privacy: 'OPEN',
            },
            format: { fragment: { string: { raw: 'print("hi")\n' }, metadata: { ext: 'py' } } },
          },
        },
      })
      const api = asset as unknown as Record<string, (p: object) => Promise<void>>
      await api[associate]!({ asset: created.id, [param]: otherId })
      const { value } = await snapshot(created.id)
      expect(
        (value as unknown as Record<string, { iterable: Array<{ id: string }> }>)[field]!.iterable.map((r) => r.id),
      ).toEqual([otherId])
      expect((mock.store.get(kind, otherId) as unknown as { assets: string[] }).assets).toContain(created.id)
      await api[disassociate]!({ asset: created.id, [param]: otherId })
      expect((mock.store.get('asset', created.id) as unknown as Record<string, string[]>)[field]).toEqual([])
      expect((mock.store.get(kind, otherId) as unknown as { assets: string[] }).assets).not.toContain(created.id)
    },
  )

  it('creates an asset from a Seed, classified by its ext and named from its code', async () => {
    const { value } = await callAndCheck(
      assets.assetsCreateNewAssetRaw({
        seed: {
          type: 'SEEDED_ASSET',
          asset: {
            application: {
              id: 'app',
              name: 'VS_CODE',
              version: '1.0.0',
              platform: 'MACOS',
              onboarded: true,
              privacy: 'OPEN',
            },
            format: { fragment: { string: { raw: 'fn main() {\n    println!("hi");\n}\n' }, metadata: { ext: 'rs' } } },
          },
        },
      }),
      'Asset',
      AssetToJSON,
    )
    expect(value.name).toBe('fn main() {')
    expect(value.formats.iterable).toHaveLength(1)
    expect(value.original.reference?.classification).toEqual({ generic: 'CODE', specific: 'rs' })
    const { value: ids } = await callAndCheck(
      assets.assetsIdentifiersSnapshotRaw({}),
      'FlattenedAssets',
      FlattenedAssetsToJSON,
    )
    expect(ids.iterable!.map((item) => item.id)).toContain(value.id)
  })

  it('lists every asset in the assets snapshot, the most recently updated first', async () => {
    const { value } = await callAndCheck(assets.assetsSnapshotRaw({ transferables: false }), 'Assets', AssetsToJSON)
    expect(value.iterable.map((a) => a.id)).toEqual(mostRecentFirst(defaultFixtures.asset!).map((a) => a.id))
  })

  it('serves the linkable records as full snapshots, the most recently updated first', async () => {
    const configuration = { basePath: mock.baseUrl }
    const lists = [
      ['/tags', 'Tags', TagsToJSON, defaultFixtures.tag],
      ['/websites', 'Websites', WebsitesToJSON, defaultFixtures.website],
      ['/anchors', 'Anchors', AnchorsToJSON, defaultFixtures.anchor],
      ['/ranges', 'Ranges', RangesToJSON, defaultFixtures.range],
      ['/workstream_summaries', 'WorkstreamSummaries', WorkstreamSummariesToJSON, defaultFixtures.workstreamSummary],
    ] as const
    for (const [path, model, , records] of lists) {
      const response = await fetch(`${configuration.basePath}${path}`)
      const json = (await response.json()) as { iterable: Array<{ id: string }> }
      const { checkModel } = await import('./check-model.js')
      expect(checkModel(json, model)).toEqual([])
      expect(json.iterable.map((r) => r.id)).toEqual(
        mostRecentFirst<{ id: string; created: string; updated: string }>(records!).map((r) => r.id),
      )
    }
  })

  it('serves one format with the singular transferable query', async () => {
    const { value } = await callAndCheck(
      formats.formatSnapshotRaw({ format: linkedAsset.original, transferable: false }),
      'Format',
      FormatToJSON,
    )
    expect(value.id).toBe(linkedAsset.original)
    expect(value.fragment).toBeUndefined()
  })

  describe('the gone lifecycle', () => {
    it('deletes an asset: 200 with its id as text, then 410 on every read, gone from lists and links', async () => {
      const response = await fetch(`${mock.baseUrl}/assets/${linkedAsset.id}/delete`, { method: 'POST' })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await response.text()).toBe(linkedAsset.id)

      expect(await failure(asset.assetSnapshot({ asset: linkedAsset.id }))).toMatchObject({ status: 410, text: GONE })
      for (const read of [
        asset.assetFormats({ asset: linkedAsset.id }),
        asset.assetSpecificAssetActivities({ asset: linkedAsset.id }),
        asset.assetSpecificAssetConversations({ asset: linkedAsset.id }),
        asset.assetSpecificAssetExport({ asset: linkedAsset.id, exportType: 'MD' }),
      ]) {
        expect(await failure(read)).toMatchObject({ status: 410, text: GONE })
      }
      const linked = await conversation.conversationGetSpecificConversation({ conversation: linkedConversation })
      expect(linked.assets!.iterable!.map((a) => a.id)).not.toContain(linkedAsset.id)
      for (const tag of mock.store.all('tag')) expect(tag.assets).not.toContain(linkedAsset.id)
      for (const website of mock.store.all('website')) expect(website.assets).not.toContain(linkedAsset.id)
      const ids = await assets.assetsIdentifiersSnapshot({})
      expect(ids.iterable!.map((a) => a.id)).not.toContain(linkedAsset.id)
      const all = await assets.assetsSnapshot({ transferables: false })
      expect(all.iterable.map((a) => a.id)).not.toContain(linkedAsset.id)
    })

    it('makes an asset vanish in-process with removeAsset, as if another client deleted it', async () => {
      await mock.removeAsset(linkedAsset.id)
      expect(await failure(asset.assetSnapshot({ asset: linkedAsset.id }))).toMatchObject({ status: 410, text: GONE })
      const linked = await conversation.conversationGetSpecificConversation({ conversation: linkedConversation })
      expect(linked.assets!.iterable!.map((a) => a.id)).not.toContain(linkedAsset.id)
    })

    it('tells a gone asset apart from one that never existed on reads other than the snapshot', async () => {
      await mock.removeAsset(linkedAsset.id)
      expect(await failure(asset.assetFormats({ asset: linkedAsset.id }))).toMatchObject({ status: 410 })
      expect(await failure(asset.assetFormats({ asset: 'never-existed' }))).toMatchObject({
        status: 500,
        text: 'No asset with id "never-existed" exists.',
      })
      expect(await failure(asset.assetSnapshot({ asset: 'never-existed' }))).toMatchObject({ status: 410, text: GONE })
    })

    it('brings a deleted asset back on reset', async () => {
      await mock.removeAsset(linkedAsset.id)
      await mock.reset()
      const { value } = await snapshot(linkedAsset.id)
      expect(value.conversations!.iterable.map((c) => c.id)).toContain(linkedConversation)
    })
  })
})

import {
  ActivitiesApi,
  ActivitiesToJSON,
  ActivityApi,
  ActivityToJSON,
  AnchorApi,
  AnchorsApi,
  AnchorToJSON,
  AnnotationApi,
  AnnotationsApi,
  AnnotationsToJSON,
  AnnotationToJSON,
  AssetApi,
  AssetsApi,
  AssetToJSON,
  Configuration,
  ExistingMetadataToJSON,
  FlattenedActivitiesToJSON,
  FormatApi,
  FormatsApi,
  FormatsToJSON,
  FormatToJSON,
  RangeApi,
  RangesApi,
  RangeToJSON,
  TagApi,
  TagsApi,
  TagToJSON,
  WebsiteApi,
  WebsitesApi,
  WebsiteToJSON,
  WorkstreamSummariesApi,
  WorkstreamSummaryApi,
  WorkstreamSummaryToJSON,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'
import { mostRecentFirst } from '../../src/store/most-recent-first.js'

const APPLICATION = {
  id: 'contract-app',
  name: 'OPEN_SOURCE',
  version: '1.0.0',
  platform: 'LINUX',
  onboarded: false,
  privacy: 'OPEN',
} as const
const MODEL = {
  id: 'contract-model',
  version: '1.0.0',
  created: { value: new Date('2024-01-01T00:00:00.000Z') },
  name: 'Contract model',
  cloud: false,
  type: 'BALANCED',
  usage: 'CODE_CONVERSATION',
} as const

describe.each(runtimes)('creating and changing the records linked to conversations and assets, $name', ({ start }) => {
  let mock: ContractRuntime
  let configuration: Configuration

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const first = <K extends 'asset' | 'conversation' | 'tag' | 'website' | 'workstreamSummary' | 'format' | 'activity'>(
    kind: K,
  ) => [...mock.store.all(kind)][0]!
  const activityEvents = async (asset: string) => {
    const { json } = await callAndCheck(
      new AssetApi(configuration).assetSpecificAssetActivitiesRaw({ asset }),
      'Activities',
      ActivitiesToJSON,
    )
    return (json as { iterable: Array<{ event: { asset?: { identifier_description_pair?: object } } }> }).iterable.map(
      (activity) => Object.keys(activity.event.asset?.identifier_description_pair ?? {})[0],
    )
  }

  it('creates a tag no fixture holds on an asset, finds it by its text, and updates it from its snapshot', async () => {
    const tags = new TagsApi(configuration)
    const tag = new TagApi(configuration)
    const asset = first('asset').id
    const { value: created } = await callAndCheck(
      tags.tagsCreateNewTagRaw({ seededTag: { text: 'brand-new-topic', asset, category: 'HANDLE' } }),
      'Tag',
      TagToJSON,
    )
    expect(created).toMatchObject({ text: 'brand-new-topic', category: 'HANDLE' })
    expect(created.assets!.iterable!.map((reference) => reference.id)).toEqual([asset])
    expect(mock.store.get('asset', asset)!.tags).toContain(created.id)
    expect((await activityEvents(asset)).at(-1)).toBe('asset_tag_added')

    const { value: exists } = await callAndCheck(
      tags.tagsExistsRaw({ existentMetadata: { value: 'brand-new-topic' } }),
      'ExistingMetadata',
      ExistingMetadataToJSON,
    )
    expect(exists.tag?.id).toBe(created.id)
    expect(
      (
        await callAndCheck(
          tags.tagsExistsRaw({ existentMetadata: { value: 'no such tag' } }),
          'ExistingMetadata',
          ExistingMetadataToJSON,
        )
      ).json,
    ).toEqual({})

    const snapshot = await tag.tagsSpecificTagSnapshot({ tag: created.id })
    snapshot.text = 'renamed-topic'
    const { value: updated } = await callAndCheck(tag.tagUpdateRaw({ tag: snapshot }), 'Tag', TagToJSON)
    expect(updated.text).toBe('renamed-topic')
    expect(updated.created.value.toISOString()).toBe(created.created.value.toISOString())
    expect(updated.updated.value.getTime()).toBeGreaterThan(created.updated.value.getTime())
    expect(updated.assets!.iterable!.map((reference) => reference.id)).toEqual([asset])
  })

  it('creates a website on a conversation, finds it by its URL, and updates its name', async () => {
    const websites = new WebsitesApi(configuration)
    const conversation = first('conversation').id
    const { value: created } = await callAndCheck(
      websites.websitesCreateNewWebsiteRaw({
        seededWebsite: { url: 'https://example.com/new', name: 'New page', conversation },
      }),
      'Website',
      WebsiteToJSON,
    )
    expect(created.conversations!.iterable.map((reference) => reference.id)).toEqual([conversation])
    expect(mock.store.get('conversation', conversation)!.websites).toContain(created.id)
    const exists = await websites.websitesExists({ existentMetadata: { value: 'https://example.com/new' } })
    expect(exists.website?.id).toBe(created.id)
    const website = new WebsiteApi(configuration)
    const snapshot = await website.websitesSpecificWebsiteSnapshot({ website: created.id })
    snapshot.name = 'Renamed page'
    const { value } = await callAndCheck(website.websiteUpdateRaw({ website: snapshot }), 'Website', WebsiteToJSON)
    expect(value.name).toBe('Renamed page')
  })

  it('creates an anchor with an annotation on an asset, renames it after its path, and updates it', async () => {
    const asset = first('asset').id
    const { value: created } = await callAndCheck(
      new AnchorsApi(configuration).anchorsCreateNewAnchorRaw({
        seededAnchor: {
          type: 'FILE',
          fullpath: '/home/dev/project/src/main.rs',
          asset,
          annotations: [{ type: 'COMMENT', text: 'Entry point' }],
        },
      }),
      'Anchor',
      AnchorToJSON,
    )
    expect(created.assets!.iterable!.map((reference) => reference.id)).toEqual([asset])
    const annotation = created.annotations!.iterable[0]!.id
    expect(mock.store.get('annotation', annotation)).toMatchObject({ text: 'Entry point', anchors: [created.id] })
    expect((await activityEvents(asset)).at(-1)).toBe('asset_anchor_added')

    const anchor = new AnchorApi(configuration)
    const { value: renamed } = await callAndCheck(
      anchor.anchorRenameRaw({ anchor: created.id }),
      'Anchor',
      AnchorToJSON,
    )
    expect(renamed.name).toBe('main.rs')
    renamed.watch = true
    const { value: updated } = await callAndCheck(anchor.anchorUpdateRaw({ anchor: renamed }), 'Anchor', AnchorToJSON)
    expect(updated).toMatchObject({ name: 'main.rs', watch: true })
  })

  it('creates a range grounding a conversation in a workstream summary, and updates its bounds', async () => {
    const conversation = first('conversation').id
    const summary = first('workstreamSummary').id
    const { value: created } = await callAndCheck(
      new RangesApi(configuration).rangesCreateNewRangeRaw({
        seededRange: {
          from: { value: new Date('2024-05-01T09:00:00.000Z') },
          to: { value: new Date('2024-05-01T17:00:00.000Z') },
          between: true,
          summary: { id: summary },
          conversation: { reference: { id: conversation } },
        },
      }),
      'Range',
      RangeToJSON,
    )
    expect(created.summaries!.iterable.map((reference) => reference.id)).toEqual([summary])
    expect(mock.store.get('conversation', conversation)!.groundingRanges).toContain(created.id)
    created.to = { value: new Date('2024-05-01T18:00:00.000Z') }
    const { value: updated } = await callAndCheck(
      new RangeApi(configuration).rangeUpdateRaw({ range: created }),
      'Range',
      RangeToJSON,
    )
    expect(updated.to!.value.toISOString()).toBe('2024-05-01T18:00:00.000Z')
    expect(updated.from!.value.toISOString()).toBe('2024-05-01T09:00:00.000Z')
  })

  it('creates a workstream summary over assets and conversations, and updates it', async () => {
    const asset = first('asset').id
    const conversation = first('conversation').id
    const { value: created } = await callAndCheck(
      new WorkstreamSummariesApi(configuration).workstreamSummariesCreateNewWorkstreamSummaryRaw({
        seededWorkstreamSummary: {
          name: 'Tuesday',
          model: MODEL,
          assets: { iterable: [{ id: asset }] },
          conversations: { iterable: [{ id: conversation }] },
          annotations: [{ type: 'SUMMARY', text: 'Fixed the build' }],
        },
      }),
      'WorkstreamSummary',
      WorkstreamSummaryToJSON,
    )
    expect(created.assets!.iterable!.map((reference) => reference.id)).toEqual([asset])
    expect(mock.store.get('conversation', conversation)!.summaries).toContain(created.id)
    expect(created.annotations!.iterable).toHaveLength(1)
    created.name = 'Tuesday, revised'
    created.favorited = true
    const { value: updated } = await callAndCheck(
      new WorkstreamSummaryApi(configuration).workstreamSummaryUpdateRaw({ workstreamSummary: created }),
      'WorkstreamSummary',
      WorkstreamSummaryToJSON,
    )
    expect(updated).toMatchObject({ name: 'Tuesday, revised', favorited: true })
  })

  it('creates an annotation on an asset, lists annotations by type, and updates its text', async () => {
    const asset = first('asset').id
    const tag = first('tag').id
    const { value: created } = await callAndCheck(
      new AnnotationsApi(configuration).annotationsCreateNewAnnotationRaw({
        seededAnnotation: { type: 'COMMENT', text: 'Needs a test', asset, tags: { iterable: [{ id: tag }] } },
      }),
      'Annotation',
      AnnotationToJSON,
    )
    expect(created.asset?.id).toBe(asset)
    expect(created.tags!.iterable.map((reference) => reference.id)).toEqual([tag])
    expect(mock.store.get('asset', asset)!.annotations).toContain(created.id)
    const { value: comments } = await callAndCheck(
      new AnnotationsApi(configuration).annotationsSnapshotRaw({ annotationTypeFilter: 'COMMENT' }),
      'Annotations',
      AnnotationsToJSON,
    )
    expect(comments.iterable.every((annotation) => annotation.type === 'COMMENT')).toBe(true)
    expect(comments.iterable.map((annotation) => annotation.id)).toContain(created.id)
    created.text = 'Has a test now'
    const { value: updated } = await callAndCheck(
      new AnnotationApi(configuration).annotationUpdateRaw({ annotation: created }),
      'Annotation',
      AnnotationToJSON,
    )
    expect(updated.text).toBe('Has a test now')
  })

  it('creates, lists, filters, reads, updates and deletes an activity', async () => {
    const format = first('format')
    const activities = new ActivitiesApi(configuration)
    const activity = new ActivityApi(configuration)
    const { value: created } = await callAndCheck(
      activities.activitiesCreateNewActivityRaw({
        seededActivity: {
          event: {
            asset: { asset: { id: format.asset }, identifierDescriptionPair: { assetCreated: 'an_asset_was_created' } },
          },
          application: APPLICATION,
          format: { id: format.id },
        },
      }),
      'Activity',
      ActivityToJSON,
    )
    expect(created.asset?.id).toBe(format.asset)
    const { value: list } = await callAndCheck(activities.activitiesSnapshotRaw({}), 'Activities', ActivitiesToJSON)
    expect(list.iterable.map((entry) => entry.id)).toContain(created.id)
    const { value: createdIds } = await callAndCheck(
      activity.activityIdentifiersSnapshotRaw({ activityFilterEnum: 'CREATED' }),
      'FlattenedActivities',
      FlattenedActivitiesToJSON,
    )
    expect(createdIds.iterable.map((reference) => reference.id)).toContain(created.id)
    const { value: viewedIds } = await callAndCheck(
      activity.activityIdentifiersSnapshotRaw({ activityFilterEnum: 'REFERENCED' }),
      'FlattenedActivities',
      FlattenedActivitiesToJSON,
    )
    expect(viewedIds.iterable.map((reference) => reference.id)).not.toContain(created.id)
    const { value: read } = await callAndCheck(
      activity.activitiesSpecificActivitySnapshotRaw({ activity: created.id }),
      'Activity',
      ActivityToJSON,
    )
    read.rank = 3
    const { value: updated } = await callAndCheck(
      activity.activityUpdateRaw({ activity: read }),
      'Activity',
      ActivityToJSON,
    )
    expect(updated.rank).toBe(3)
    await activities.activitiesDeleteSpecificActivity({ activity: created.id })
    expect(await failure(activity.activitiesSpecificActivitySnapshot({ activity: created.id }))).toMatchObject({
      status: 410,
      text: 'Activity was not found.',
    })
  })

  it('refuses an activity whose event.asset lacks what the client requires, stores nothing, and every read stays readable', async () => {
    const activities = new ActivitiesApi(configuration)
    const before = [...mock.store.all('activity')]
    const refused = await failure(
      activities.activitiesCreateNewActivity({
        seededActivity: { event: { asset: {} as never }, application: APPLICATION },
      }),
    )
    expect(refused).toMatchObject({
      status: 500,
      text: 'Invalid SeededActivity body: event.asset.asset is required by SeededTrackedAssetEvent.',
    })
    const half = await failure(
      activities.activitiesCreateNewActivity({
        seededActivity: { event: { asset: { asset: { id: first('asset').id } } as never }, application: APPLICATION },
      }),
    )
    expect(half.text).toBe(
      'Invalid SeededActivity body: event.asset.identifier_description_pair is required by SeededTrackedAssetEvent.',
    )
    expect([...mock.store.all('activity')]).toEqual(before)
    const { value: list } = await callAndCheck(activities.activitiesSnapshotRaw({}), 'Activities', ActivitiesToJSON)
    expect(list.iterable).toHaveLength(before.length)
    await callAndCheck(
      new AssetApi(configuration).assetSpecificAssetActivitiesRaw({ asset: first('asset').id }),
      'Activities',
      ActivitiesToJSON,
    )
  })

  it('lists formats, serves one under /formats/, sets its value and reclassifies it, moving its asset on', async () => {
    const format = first('format')
    const { value: list } = await callAndCheck(
      new FormatsApi(configuration).formatsSnapshotRaw({ transferables: false }),
      'Formats',
      FormatsToJSON,
    )
    expect(list.iterable.map((entry) => entry.id)).toEqual(
      mostRecentFirst(mock.store.all('format')).map((entry) => entry.id),
    )
    expect(list.iterable[0]!.fragment).toBeUndefined()
    const { value: one } = await callAndCheck(
      new FormatsApi(configuration).formatsSpecificFormatSnapshotRaw({ format: format.id }),
      'Format',
      FormatToJSON,
    )
    const before = mock.store.get('asset', format.asset)!.updated
    one.fragment = { ...one.fragment, string: { raw: 'print("edited")\n' } }
    const formats = new FormatApi(configuration)
    const { value: edited } = await callAndCheck(formats.formatUpdateValueRaw({ format: one }), 'Format', FormatToJSON)
    expect(edited.fragment?.string?.raw).toBe('print("edited")\n')
    expect(edited.bytes.value).toBe('print("edited")\n'.length)
    expect(mock.store.get('asset', format.asset)!.updated > before).toBe(true)
    expect((await activityEvents(format.asset)).at(-1)).toBe('asset_format_value_edited')
    const { value: reclassified } = await callAndCheck(
      formats.formatReclassifyRaw({ formatReclassification: { ext: 'py', format: edited } }),
      'Format',
      FormatToJSON,
    )
    expect(reclassified.classification.specific).toBe('py')
    expect(reclassified.fragment?.metadata?.ext).toBe('py')
  })

  it('serves an asset and its formats under /assets/ as under /asset/, 410 on each once it is deleted', async () => {
    const asset = first('asset').id
    const assets = new AssetsApi(configuration)
    const { json } = await callAndCheck(assets.assetsSpecificAssetSnapshotRaw({ asset }), 'Asset', AssetToJSON)
    const { json: same } = await callAndCheck(
      new AssetApi(configuration).assetSnapshotRaw({ asset }),
      'Asset',
      AssetToJSON,
    )
    expect(json).toEqual(same)
    const { value: formats } = await callAndCheck(
      assets.assetsSpecificAssetFormatsSnapshotRaw({ asset }),
      'Formats',
      FormatsToJSON,
    )
    expect(formats.iterable.map((format) => format.id)).toEqual(mock.store.get('asset', asset)!.formats)
    await mock.removeAsset(asset)
    expect(await failure(assets.assetsSpecificAssetSnapshot({ asset }))).toMatchObject({
      status: 410,
      text: 'Asset no longer exists and is Gone.',
    })
    for (const format of formats.iterable) {
      const gone = { status: 410, text: 'Format was not found.' }
      expect(await failure(new FormatApi(configuration).formatSnapshot({ format: format.id }))).toMatchObject(gone)
      expect(
        await failure(new FormatsApi(configuration).formatsSpecificFormatSnapshot({ format: format.id })),
      ).toMatchObject(gone)
    }
  })
})

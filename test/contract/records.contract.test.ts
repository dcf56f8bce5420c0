import * as client from '@pieces.app/pieces-os-client'
import { Configuration } from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * The routes every linked-record kind has the same way, called with the
 * official client for each kind: the snapshot by id (410 when missing), the
 * score increment, the search, and the delete that cleans the record's links
 * from both sides.
 */

type Kind = 'tag' | 'website' | 'anchor' | 'range' | 'workstreamSummary' | 'annotation' | 'person' | 'workstreamEvent'

interface KindCase {
  readonly kind: Kind
  /** The client's API class of one record, and its parameter name for the id. */
  readonly api: string
  readonly param: string
  readonly model: string
  readonly snapshot: string
  /** The 410 text when the record is missing, or undefined when the read answers 500. */
  readonly gone: string | undefined
  readonly scores: string
  /** The SeededScoreIncrement's properties for one record of the kind and for many, as the client names them. */
  readonly scoreKeys: readonly [string, string]
  readonly listApi: string
  readonly delete: string
  /** The search of the kind's list API, the key each result holds its record under, and a text to find. */
  readonly search?: {
    readonly method: string
    readonly model: string
    readonly key: string
    readonly text: (record: Record<string, unknown>) => string
  }
  /** A link to make before the delete: the record's API method, the other record's kind, param and the field listing it back. */
  readonly partner: {
    readonly method: string
    readonly kind: 'tag' | 'workstreamSummary'
    readonly param: string
    readonly field: string
    /** The partner's wire key for the list, when it differs from the store's field. */
    readonly wireField?: string
    readonly read: string
  }
}

const KINDS: readonly KindCase[] = [
  {
    kind: 'tag',
    api: 'TagApi',
    param: 'tag',
    model: 'Tag',
    snapshot: 'tagsSpecificTagSnapshot',
    gone: 'Tag was not found.',
    scores: 'tagScoresIncrement',
    scoreKeys: ['tag', 'tags'],
    listApi: 'TagsApi',
    delete: 'tagsDeleteSpecificTag',
    search: { method: 'searchTags', model: 'SearchedTags', key: 'tag', text: (record) => String(record.text) },
    partner: {
      method: 'tagAssociateWorkstreamSummary',
      kind: 'workstreamSummary',
      param: 'workstreamSummary',
      field: 'tags',
      read: '/workstream_summary/',
    },
  },
  {
    kind: 'website',
    api: 'WebsiteApi',
    param: 'website',
    model: 'Website',
    snapshot: 'websitesSpecificWebsiteSnapshot',
    gone: 'Website not found.',
    scores: 'websiteScoresIncrement',
    scoreKeys: ['website', 'websites'],
    listApi: 'WebsitesApi',
    delete: 'websitesDeleteSpecificWebsite',
    search: {
      method: 'searchWebsites',
      model: 'SearchedWebsites',
      key: 'website',
      text: (record) => String(record.url),
    },
    partner: { method: 'websiteAssociateTag', kind: 'tag', param: 'tag', field: 'websites', read: '/tag/' },
  },
  {
    kind: 'anchor',
    api: 'AnchorApi',
    param: 'anchor',
    model: 'Anchor',
    snapshot: 'anchorSpecificAnchorSnapshot',
    gone: 'Anchor not found.',
    scores: 'anchorScoresIncrement',
    scoreKeys: ['anchor', 'anchors'],
    listApi: 'AnchorsApi',
    delete: 'anchorsDeleteSpecificAnchor',
    search: { method: 'searchAnchors', model: 'SearchedAnchors', key: 'anchor', text: (record) => String(record.name) },
    partner: { method: 'anchorAssociateTag', kind: 'tag', param: 'tag', field: 'anchors', read: '/tag/' },
  },
  {
    kind: 'range',
    api: 'RangeApi',
    param: 'range',
    model: 'Range',
    snapshot: 'rangesSpecificRangeSnapshot',
    gone: 'Range not found.',
    scores: 'rangeScoresIncrement',
    scoreKeys: ['range', 'ranges'],
    listApi: 'RangesApi',
    delete: 'rangesDeleteSpecificRange',
    partner: {
      method: 'rangeAssociateWorkstreamSummary',
      kind: 'workstreamSummary',
      param: 'workstreamSummary',
      field: 'ranges',
      read: '/workstream_summary/',
    },
  },
  {
    kind: 'workstreamSummary',
    api: 'WorkstreamSummaryApi',
    param: 'workstreamSummary',
    model: 'WorkstreamSummary',
    snapshot: 'workstreamSummariesSpecificWorkstreamSummarySnapshot',
    gone: 'WorkstreamSummary not found.',
    scores: 'workstreamSummaryScoresIncrement',
    scoreKeys: ['workstreamSummary', 'workstreamSummaries'],
    listApi: 'WorkstreamSummariesApi',
    delete: 'workstreamSummariesDeleteSpecificWorkstreamSummary',
    search: {
      method: 'searchWorkstreamSummaries',
      model: 'SearchedWorkstreamSummaries',
      key: 'summary',
      text: (record) => String(record.name),
    },
    partner: { method: 'workstreamSummaryAssociateTag', kind: 'tag', param: 'tag', field: 'summaries', read: '/tag/' },
  },
  {
    kind: 'annotation',
    api: 'AnnotationApi',
    param: 'annotation',
    model: 'Annotation',
    snapshot: 'annotationSpecificAnnotationSnapshot',
    gone: 'Annotation was not found.',
    scores: 'annotationScoresIncrement',
    scoreKeys: ['annotation', 'annotations'],
    listApi: 'AnnotationsApi',
    delete: 'annotationsDeleteSpecificAnnotation',
    search: {
      method: 'searchAnnotations',
      model: 'SearchedAnnotations',
      key: 'annotation',
      text: (record) => String(record.text),
    },
    partner: { method: 'annotationAssociateTag', kind: 'tag', param: 'tag', field: 'annotations', read: '/tag/' },
  },
  {
    kind: 'person',
    api: 'PersonApi',
    param: 'person',
    model: 'Person',
    snapshot: 'personSnapshot',
    gone: 'Person not found.',
    scores: 'personScoresIncrement',
    scoreKeys: ['person', 'persons'],
    listApi: 'PersonsApi',
    delete: 'personsDeletePerson',
    search: {
      method: 'searchPersons',
      model: 'SearchedPersons',
      key: 'person',
      text: (record) => String((record.type as { basic: { name: string } }).basic.name),
    },
    partner: { method: 'personAssociateTag', kind: 'tag', param: 'tag', field: 'persons', read: '/tag/' },
  },
  {
    kind: 'workstreamEvent',
    api: 'WorkstreamEventApi',
    param: 'workstreamEvent',
    model: 'WorkstreamEvent',
    snapshot: 'workstreamEventsSpecificWorkstreamEventSnapshot',
    gone: 'WorkstreamEvent not found.',
    scores: 'workstreamEventScoresIncrement',
    scoreKeys: ['workstreamEvent', 'workstreamEvents'],
    listApi: 'WorkstreamEventsApi',
    delete: 'workstreamEventsDeleteSpecificWorkstreamEvent',
    partner: {
      method: 'workstreamEventAssociateTag',
      kind: 'tag',
      param: 'tag',
      field: 'workstreamEvents',
      wireField: 'workstream_events',
      read: '/tag/',
    },
  },
]

type Api = Record<string, (parameters: object) => Promise<unknown>>
const toJson = (model: string) => (client as unknown as Record<string, (value: unknown) => unknown>)[`${model}ToJSON`]!

describe.each(runtimes)(
  'the records linked to conversations and assets, through the official client, $name',
  ({ start }) => {
    let mock: ContractRuntime
    let configuration: Configuration

    beforeAll(async () => {
      mock = await start()
      configuration = new Configuration({ basePath: mock.baseUrl })
    })
    afterEach(() => mock.reset())
    afterAll(() => mock.close())

    const apiOf = (name: string) =>
      new (client as unknown as Record<string, new (configuration: Configuration) => Api>)[name]!(configuration)
    const firstId = (kind: Kind) => [...mock.store.all(kind)][0]!.id

    it.each(KINDS)('serves one $kind by id, and answers a missing one as the client declares', async (spec) => {
      const id = firstId(spec.kind)
      const api = apiOf(spec.api)
      const { value } = await callAndCheck(
        api[`${spec.snapshot}Raw`]!({ [spec.param]: id }) as never,
        spec.model,
        toJson(spec.model),
      )
      expect((value as { id: string }).id).toBe(id)
      const missing = await failure(api[spec.snapshot]!({ [spec.param]: 'never-existed' }))
      if (spec.gone) expect(missing).toMatchObject({ status: 410, text: spec.gone })
      else expect(missing).toMatchObject({ status: 500, text: `No ${spec.kind} with id "never-existed" exists.` })
    })

    it.each(KINDS)('raises the score counters of one $kind', async (spec) => {
      const id = firstId(spec.kind)
      const api = apiOf(spec.api)
      await api[spec.scores]!({
        [spec.param]: id,
        seededScoreIncrement: { [spec.scoreKeys[0]]: { reuse: true }, [spec.scoreKeys[1]]: { searched: true } },
      })
      const { json } = await callAndCheck(
        api[`${spec.snapshot}Raw`]!({ [spec.param]: id }) as never,
        spec.model,
        toJson(spec.model),
      )
      expect((json as { score: Record<string, number> }).score).toMatchObject({ reuse: 1, searched: 1 })
    })

    it.each(KINDS.filter((spec) => spec.search))('finds a $kind by its text, exact matches first', async (spec) => {
      const search = spec.search!
      const record = (await apiOf(spec.api)[spec.snapshot]!({ [spec.param]: firstId(spec.kind) })) as Record<
        string,
        unknown
      >
      const wireRecord = toJson(spec.model)(record) as Record<string, unknown>
      const text = search.text(wireRecord)
      const { json } = await callAndCheck(
        apiOf(spec.listApi)[`${search.method}Raw`]!({
          searchInput: { engines: { iterable: [{ query: text }] } },
        }) as never,
        search.model,
        toJson(search.model),
      )
      const results = (json as { iterable: Array<Record<string, unknown>> }).iterable
      expect(results[0]).toMatchObject({ exact: true, similarity: 1, identifier: wireRecord.id })
      expect((results[0]![search.key] as { id: string }).id).toBe(wireRecord.id)
      const none = await callAndCheck(
        apiOf(spec.listApi)[`${search.method}Raw`]!({
          searchInput: { engines: { iterable: [{ query: 'no record says this 9f8e7d' }] } },
        }) as never,
        search.model,
        toJson(search.model),
      )
      expect(none.json).toEqual({ iterable: [] })
    })

    it.each(KINDS)(
      'deletes a $kind: its links go from both sides (-1 in indices), and it reads as missing',
      async (spec) => {
        const id = firstId(spec.kind)
        const partner = [...mock.store.all(spec.partner.kind)][0]!.id
        await apiOf(spec.api)[spec.partner.method]!({ [spec.param]: id, [spec.partner.param]: partner })
        expect(
          (mock.store.get(spec.partner.kind, partner) as unknown as Record<string, string[]>)[spec.partner.field],
        ).toContain(id)

        await apiOf(spec.listApi)[spec.delete]!({ [spec.param]: id })
        expect(mock.store.get(spec.kind, id)).toBeUndefined()
        expect(
          (mock.store.get(spec.partner.kind, partner) as unknown as Record<string, string[]>)[spec.partner.field],
        ).not.toContain(id)
        const wire = (await (await fetch(`${mock.baseUrl}${spec.partner.read}${partner}`)).json()) as Record<
          string,
          { indices: Record<string, number> }
        >
        expect(wire[spec.partner.wireField ?? spec.partner.field]!.indices[id]).toBe(-1)
        const gone = await failure(apiOf(spec.api)[spec.snapshot]!({ [spec.param]: id }))
        expect(gone.status).toBe(spec.gone ? 410 : 500)
        expect(await failure(apiOf(spec.listApi)[spec.delete]!({ [spec.param]: id }))).toMatchObject({ status: 410 })
      },
    )
  },
)

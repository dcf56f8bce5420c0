import {
  AnchorApi,
  Configuration,
  ConversationApi,
  ConversationMessageApi,
  IdentifiedWorkstreamPatternEngineSourcesToJSON,
  IdentifiedWorkstreamPatternEngineSourceToJSON,
  PersonApi,
  SearchedIdentifiedWorkstreamPatternEngineSourcesToJSON,
  WebsiteApi,
  WorkstreamPatternEngineSourceApi,
  WorkstreamPatternEngineSourcesApi,
  WorkstreamEventApi,
  WorkstreamSummaryApi,
  type IdentifiedWorkstreamPatternEngineSource,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defaultFixtures } from 'conversation-asset-mock'
import { callAndCheck, failure } from './client-call.js'
import { checkModel } from './check-model.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * The workstream pattern engine's sources through the official client, on
 * both runtimes: the list, create, the links from every side, update, score
 * increments, search and delete; every answer checked against the client's
 * models and round-tripped.
 */

const SCORE = { reuse: true, priority: true }
const SEARCH = { engines: { iterable: [{ query: 'chrome' }] } }

type Links = { iterable: Array<{ id: string }>; indices: Record<string, number> }

describe.each(runtimes)('workstream pattern-engine sources through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let configuration: Configuration
  let sources: WorkstreamPatternEngineSourcesApi
  let source: WorkstreamPatternEngineSourceApi

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
    sources = new WorkstreamPatternEngineSourcesApi(configuration)
    source = new WorkstreamPatternEngineSourceApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const first = <K extends 'website' | 'workstreamSummary' | 'anchor' | 'message' | 'conversation'>(kind: K) =>
    [...mock.store.all(kind)][0]!.id

  /** A record's wire form read over HTTP, checked against its client model. */
  const read = async (path: string, model: string) => {
    const response = await fetch(`${mock.baseUrl}${path}`)
    expect(response.status, path).toBe(200)
    const json = (await response.json()) as Record<string, unknown>
    expect(checkModel(json, model)).toEqual([])
    return json
  }
  const snapshot = async (id: string) =>
    (
      await callAndCheck(
        source.workstreamPatternEngineSourcesSpecificSourceSnapshotRaw({ source: id }),
        'IdentifiedWorkstreamPatternEngineSource',
        IdentifiedWorkstreamPatternEngineSourceToJSON,
      )
    ).json as Record<string, Links> & { readable: string; score: Record<string, number> }

  const create = async () =>
    (
      await callAndCheck(
        sources.workstreamPatternEngineSourcesCreateNewSourceRaw({
          seededWorkstreamPatternEngineSource: {
            raw: { name: 'Google Chrome', window: 'Pull requests - Google Chrome', application: 'Google Chrome' },
            readable: 'Google Chrome',
            filter: false,
            accessibility: { supported: true, updated: { value: new Date('2024-07-01T08:00:00.000Z') } },
          },
        }),
        'IdentifiedWorkstreamPatternEngineSource',
        IdentifiedWorkstreamPatternEngineSourceToJSON,
      )
    ).value

  it('lists the default sources, most recently updated first, with the conversations grounded in them', async () => {
    const { value } = await callAndCheck(
      sources.workstreamPatternEngineSourcesSnapshotRaw({}),
      'IdentifiedWorkstreamPatternEngineSources',
      IdentifiedWorkstreamPatternEngineSourcesToJSON,
    )
    const byUpdate = [...defaultFixtures.source!].sort((x, y) => y.updated.localeCompare(x.updated))
    expect(value.iterable.map((item) => item.id)).toEqual(byUpdate.map(({ id }) => id))
    const grounded = defaultFixtures.source!.find((item) => (item.conversations?.length ?? 0) > 0)!
    const conversation = await read(`/conversation/${grounded.conversations![0]}`, 'Conversation')
    expect((conversation.grounding as { sources: Links }).sources.iterable).toContainEqual({ id: grounded.id })
  })

  it('creates a source as the seed describes it, linked to nothing, with a zero score', async () => {
    const created = await create()
    expect(created.readable).toBe('Google Chrome')
    expect(created.raw).toEqual({
      name: 'Google Chrome',
      window: 'Pull requests - Google Chrome',
      application: 'Google Chrome',
    })
    expect(created.filter).toBe(false)
    expect(created.accessibility?.supported).toBe(true)
    expect(created.score).toEqual({ manual: 0, automatic: 0 })
    expect(created.websites?.iterable).toEqual([])
    expect(created.conversations?.iterable).toEqual([])
  })

  it('links a source from every side and shows each link on both records', async () => {
    const { id } = await create()
    const website = first('website')
    const summary = first('workstreamSummary')
    const anchor = first('anchor')
    const message = first('message')
    const conversation = first('conversation')
    await new WebsiteApi(configuration).websiteAssociateWorkstreamPatternEngineSource({ website, source: id })
    await new WorkstreamSummaryApi(configuration).workstreamSummaryAssociateWorkstreamPatternEngineSource({
      workstreamSummary: summary,
      source: id,
    })
    await new AnchorApi(configuration).anchorAssociateWorkstreamPatternEngineSource({ anchor, source: id })
    await new ConversationMessageApi(configuration).conversationMessageAssociateWorkstreamPatternEngineSource({
      message,
      source: id,
    })
    await new ConversationApi(configuration).conversationAssociateGroundingWorkstreamPatternEngineSource({
      conversation,
      source: id,
    })

    const wire = await snapshot(id)
    expect(wire.websites!.iterable).toEqual([{ id: website }])
    expect(wire.summaries!.iterable).toEqual([{ id: summary }])
    expect(wire.anchors!.iterable).toEqual([{ id: anchor }])
    expect(wire.messages!.iterable).toEqual([{ id: message }])
    expect(wire.conversations!.iterable).toEqual([{ id: conversation }])
    expect(((await read(`/website/${website}`, 'Website')).sources as Links).iterable).toContainEqual({ id })
    const summaryWire = await read(`/workstream_summary/${summary}`, 'WorkstreamSummary')
    expect((summaryWire.sources as Links).iterable).toContainEqual({ id })
    expect(((await read(`/anchor/${anchor}`, 'Anchor')).sources as Links).iterable).toContainEqual({ id })
    const grounding = (await read(`/conversation/${conversation}`, 'Conversation')).grounding as { sources: Links }
    expect(grounding.sources.iterable).toContainEqual({ id })
  })

  it('links a source to a person and a workstream event from either side, and deleting it unlinks both', async () => {
    const { id } = await create()
    const person = [...mock.store.all('person')][0]!.id
    const event = [...mock.store.all('workstreamEvent')][0]!.id
    await new PersonApi(configuration).personAssociateWorkstreamPatternEngineSource({ person, source: id })
    await source.workstreamPatternEngineSourceAssociateWorkstreamEvent({ source: id, workstreamEvent: event })
    const wire = await snapshot(id)
    expect(wire.persons!.iterable).toEqual([{ id: person }])
    expect((wire as unknown as { workstream_events: Links }).workstream_events.iterable).toEqual([{ id: event }])
    expect(((await read(`/person/${person}`, 'Person')).sources as Links).iterable).toContainEqual({ id })
    expect(((await read(`/workstream_event/${event}`, 'WorkstreamEvent')).sources as Links).iterable).toEqual([{ id }])

    await sources.workstreamPatternEngineSourcesDeleteSpecificSource({ source: id })
    expect(((await read(`/person/${person}`, 'Person')).sources as Links).indices[id]).toBe(-1)
    const eventSources = (await read(`/workstream_event/${event}`, 'WorkstreamEvent')).sources as Links
    expect(eventSources.iterable).toEqual([])
    expect(eventSources.indices[id]).toBe(-1)
    const unlinked = await failure(
      new WorkstreamEventApi(configuration).workstreamEventAssociateWorkstreamPatternEngineSource({
        workstreamEvent: event,
        source: id,
      }),
    )
    expect(unlinked.status).toBe(410)
  })

  it('updates a source from the snapshot a client edited, keeping its links and its creation time', async () => {
    const created = await create()
    const website = first('website')
    await source.workstreamPatternEngineSourceAssociateWebsite({ source: created.id, website })
    const current = await source.workstreamPatternEngineSourcesSpecificSourceSnapshot({ source: created.id })
    const edited: IdentifiedWorkstreamPatternEngineSource = {
      ...current,
      readable: 'Chrome',
      raw: { ...current.raw, url: 'https://github.com/pulls' },
      filter: true,
      accessibility: undefined,
    }
    const { value } = await callAndCheck(
      source.workstreamPatternEngineSourceUpdateRaw({ identifiedWorkstreamPatternEngineSource: edited }),
      'IdentifiedWorkstreamPatternEngineSource',
      IdentifiedWorkstreamPatternEngineSourceToJSON,
    )
    expect(value.readable).toBe('Chrome')
    expect(value.raw.url).toBe('https://github.com/pulls')
    expect(value.filter).toBe(true)
    expect(value.websites?.iterable).toEqual([{ id: website }])
    expect(value.created.value).toEqual(created.created.value)
    expect((await snapshot(created.id)).readable).toBe('Chrome')
  })

  it('raises the counters a score increment names under either key', async () => {
    const { id } = await create()
    await source.workstreamPatternEngineSourceScoresIncrement({
      source: id,
      seededScoreIncrement: { workstreamPatternEngineSource: SCORE, workstreamPatternEngineSources: { reuse: true } },
    })
    expect((await snapshot(id)).score).toEqual({ manual: 0, automatic: 0, reuse: 2, priority: 1 })
  })

  it('finds sources by their application, window or readable name', async () => {
    const created = await create()
    const { value } = await callAndCheck(
      sources.workstreamPatternEngineSearchSourcesRaw({ searchInput: SEARCH }),
      'SearchedIdentifiedWorkstreamPatternEngineSources',
      SearchedIdentifiedWorkstreamPatternEngineSourcesToJSON,
    )
    const found = value.iterable.map((item) => item.identifier)
    expect(found).toContain(created.id)
    expect(value.iterable.find((item) => item.identifier === created.id)?.workstreamPatternEngineSource?.id).toBe(
      created.id,
    )
  })

  it('deletes a source: its reads answer 410 and every record it was linked to loses it', async () => {
    const grounded = defaultFixtures.source!.find((item) => (item.conversations?.length ?? 0) > 0)!
    const id = grounded.id
    const website = first('website')
    const summary = first('workstreamSummary')
    await source.workstreamPatternEngineSourceAssociateWebsite({ source: id, website })
    await source.workstreamPatternEngineSourceAssociateWorkstreamSummary({ source: id, workstreamSummary: summary })
    const conversation = grounded.conversations![0]!
    const windowsBefore = [...mock.store.all('sourceWindow')].map((window) => window.id)

    await sources.workstreamPatternEngineSourcesDeleteSpecificSource({ source: id })

    const gone = await failure(source.workstreamPatternEngineSourcesSpecificSourceSnapshot({ source: id }))
    expect(gone.status).toBe(410)
    expect(gone.text).toBe('WorkstreamPatternEngineSource not found.')
    expect((await failure(source.workstreamPatternEngineSourceAssociateWebsite({ source: id, website }))).status).toBe(
      410,
    )
    const websiteSources = (await read(`/website/${website}`, 'Website')).sources as Links
    expect(websiteSources.iterable).not.toContainEqual({ id })
    expect(websiteSources.indices[id]).toBe(-1)
    const summarySources = (await read(`/workstream_summary/${summary}`, 'WorkstreamSummary')).sources as Links
    expect(summarySources.indices[id]).toBe(-1)
    const grounding = (await read(`/conversation/${conversation}`, 'Conversation')).grounding as { sources: Links }
    expect(grounding.sources.iterable).not.toContainEqual({ id })
    expect(grounding.sources.indices[id]).toBe(-1)
    const list = await sources.workstreamPatternEngineSourcesSnapshot({})
    expect(list.iterable.map((item) => item.id)).not.toContain(id)
    // The client's models link no window to a source: deleting a source leaves every window.
    expect([...mock.store.all('sourceWindow')].map((window) => window.id)).toEqual(windowsBefore)
  })

  it('refuses a seed without its readable name, and creates nothing', async () => {
    const before = [...mock.store.all('source')].length
    const response = await fetch(`${mock.baseUrl}/workstream_pattern_engine/sources/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ raw: { name: 'x' } }),
    })
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('readable')
    expect([...mock.store.all('source')].length).toBe(before)
  })
})

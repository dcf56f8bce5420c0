import {
  Configuration,
  WorkstreamApi,
  WorkstreamPatternEngineApi,
  WorkstreamPatternEngineSourcesToJSON,
  WorkstreamPatternEngineVisionCalibrationsToJSON,
  WorkstreamPatternEngineVisionEventsToJSON,
  WorkstreamPatternEngineVisionEventToJSON,
  WorkstreamPatternEngineVisionMetadataToJSON,
  SearchedWorkstreamPatternEngineVisionEventsToJSON,
  FlattenedWorkstreamPatternEngineVisionEventsToJSON,
  WorkstreamSuggestionsRefreshToJSON,
  WorkstreamIngestionToJSON,
  type Application,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime, type TestSocket } from '../events/stream-runtimes.js'
import { checkModel } from './check-model.js'
import { callAndCheck, failure } from './client-call.js'

/*
 * The pattern engine through the official client: an ingestion becomes a
 * vision event, which is listed, read, searched, counted and deleted (one by
 * one, by scope, by time range); calibrations are kept; the workstream
 * suggestions are refreshed and streamed.
 */

const APPLICATION: Application = {
  id: 'vscode',
  name: 'VS_CODE',
  version: '1.90.0',
  platform: 'MACOS',
  onboarded: true,
  privacy: 'OPEN',
}

type Suggestions = { iterable: Array<{ asset?: { id: string } }> }

describe.each(streamRuntimes)('the pattern engine through the official client, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const engine = () => new WorkstreamPatternEngineApi(new Configuration({ basePath: mock.baseUrl }))
  const ingestRaw = (readable: string) =>
    engine().workstreamPatternEngineCreateIngestionRaw({
      seededWorkstreamIngestion: { event: { application: APPLICATION, trigger: { copy: true }, readable } },
    })
  const ingest = async (readable: string) => {
    const response = await ingestRaw(readable)
    await response.value()
    return response
  }
  const eventIds = async () =>
    (await engine().workstreamPatternEngineProcessorsVisionEventsSnapshot({})).iterable.map((event) => event.id)

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('makes an ingestion a vision event that is listed, read, searched and counted', async () => {
    await callAndCheck(
      ingestRaw('Reading the quarterly rollout plan'),
      'WorkstreamIngestion',
      WorkstreamIngestionToJSON,
    )
    const { value: events } = await callAndCheck(
      engine().workstreamPatternEngineProcessorsVisionEventsSnapshotRaw({}),
      'WorkstreamPatternEngineVisionEvents',
      WorkstreamPatternEngineVisionEventsToJSON,
    )
    const newest = events.iterable[0]!
    expect(newest.textual?.ocr?.raw).toBe('Reading the quarterly rollout plan')
    const { value: one } = await callAndCheck(
      engine().workstreamPatternEngineProcessorsVisionEventsSpecificSnapshotRaw({ visionEvent: newest.id }),
      'WorkstreamPatternEngineVisionEvent',
      WorkstreamPatternEngineVisionEventToJSON,
    )
    expect(one.id).toBe(newest.id)
    const { value: found } = await callAndCheck(
      engine().workstreamPatternEngineProcessorsVisionEventsSearchRaw({
        searchInput: { engines: { iterable: [{ query: 'rollout plan' }] } },
      }),
      'SearchedWorkstreamPatternEngineVisionEvents',
      SearchedWorkstreamPatternEngineVisionEventsToJSON,
    )
    expect(found.iterable[0]?.identifier).toBe(newest.id)
    const { value: metadata } = await callAndCheck(
      engine().workstreamPatternEngineProcessorsVisionMetadataRaw(),
      'WorkstreamPatternEngineVisionMetadata',
      WorkstreamPatternEngineVisionMetadataToJSON,
    )
    expect(metadata.events?.total).toBe(events.iterable.length)
    expect(metadata.events?.newest?.id).toBe(newest.id)
  })

  it('deletes one vision event, which then answers 410, and refuses a bad ingestion changing nothing', async () => {
    await ingest('One to delete')
    const [id] = await eventIds()
    await engine().workstreamPatternEngineProcessorsVisionEventDeleteSpecificVisionEvent({ visionEvent: id! })
    const gone = await failure(
      engine().workstreamPatternEngineProcessorsVisionEventsSpecificSnapshot({ visionEvent: id! }),
    )
    expect(gone.status).toBe(410)
    const before = await eventIds()
    const refused = await failure(
      engine().workstreamPatternEngineCreateIngestion({ seededWorkstreamIngestion: { event: {} as never } }),
    )
    expect(refused.status).toBe(500)
    expect(await eventIds()).toEqual(before)
  })

  it('deletes by scope (named ids and a search) and answers what it deleted', async () => {
    await ingest('alpha screen')
    await ingest('beta screen')
    const ids = await eventIds()
    // The two may share a timestamp, so their order is not theirs to tell: alpha is what a search finds.
    const found = await engine().workstreamPatternEngineProcessorsVisionEventsSearch({
      searchInput: { engines: { iterable: [{ query: 'alpha screen' }] } },
    })
    const alpha = found.iterable[0]!.identifier
    const beta = ids.slice(0, 2).find((id) => id !== alpha)!
    const { value } = await callAndCheck(
      engine().workstreamPatternEngineProcessorsVisionEventsScopedDeleteRaw({
        workstreamPatternEngineVisionEventDeletions: {
          identifiers: { iterable: [{ id: beta }] },
          searchScope: { engines: { iterable: [{ query: 'alpha screen' }] } },
        },
      }),
      'FlattenedWorkstreamPatternEngineVisionEvents',
      FlattenedWorkstreamPatternEngineVisionEventsToJSON,
    )
    expect(value.iterable.map((event) => event.id).sort()).toEqual([alpha, beta].sort())
    expect(await eventIds()).toEqual(ids.filter((id) => id !== alpha && id !== beta))
  })

  it('clears the events captured within a range, and every event without one', async () => {
    const before = await eventIds()
    await engine().workstreamPatternEngineProcessorsVisionDataClear({
      workstreamPatternEngineDataCleanupRequest: { ranges: [{ from: { value: new Date('2999-01-01') } }] },
    })
    expect(await eventIds()).toEqual(before)
    await engine().workstreamPatternEngineProcessorsVisionDataClear({})
    expect(await eventIds()).toEqual([])
  })

  it('keeps the calibrations captured, the newest focused, and lists the processors sources', async () => {
    const empty = await engine().workstreamPatternEngineProcessorsVisionCalibrationsSnapshot()
    expect(empty.iterable).toEqual([])
    await engine().workstreamPatternEngineProcessorsVisionCalibrationCapture()
    const { value } = await callAndCheck(
      engine().workstreamPatternEngineProcessorsVisionCalibrationsSnapshotRaw(),
      'WorkstreamPatternEngineVisionCalibrations',
      WorkstreamPatternEngineVisionCalibrationsToJSON,
    )
    expect(value.iterable).toHaveLength(1)
    const focused = await engine().workstreamPatternEngineProcessorsVisionCalibrationsFocused()
    expect(focused.captured?.value).toEqual(value.iterable[0]?.captured?.value)
    const { value: sources } = await callAndCheck(
      engine().workstreamPatternEngineProcessorsSourcesRaw(),
      'WorkstreamPatternEngineSources',
      WorkstreamPatternEngineSourcesToJSON,
    )
    expect(sources.iterable.length).toBe([...mock.service.store.all('source')].length)
  })

  it('refreshes the workstream suggestions for a query, and the stream sends them', async () => {
    const client = mock.open<Suggestions>(mock.streamUrls.workstreamSuggestions)
    sockets.push(client.socket)
    await client.opened
    const first = await client.frames.next()
    expect(checkModel(first, 'WorkstreamSuggestions')).toEqual([])
    const asset = [...mock.service.store.all('asset')][0]!
    const { value } = await callAndCheck(
      new WorkstreamApi(new Configuration({ basePath: mock.baseUrl })).workstreamSuggestionsRefreshRaw({
        seededWorkstreamSuggestionsRefresh: { application: APPLICATION, query: asset.name },
      }),
      'WorkstreamSuggestionsRefresh',
      WorkstreamSuggestionsRefreshToJSON,
    )
    expect(value.suggestions.iterable.map((suggestion) => suggestion.asset?.id)).toContain(asset.id)
    const frame = await client.frames.next((next) => next !== first)
    expect(frame.iterable.some((item) => item.asset?.id === asset.id)).toBe(true)
  })
})

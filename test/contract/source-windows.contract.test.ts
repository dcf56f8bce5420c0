import {
  Configuration,
  SearchedWorkstreamPatternEngineSourceWindowsToJSON,
  TagApi,
  WebsiteApi,
  WorkstreamPatternEngineSourceWindowApi,
  WorkstreamPatternEngineSourceWindowsApi,
  WorkstreamPatternEngineSourceWindowsToJSON,
  WorkstreamPatternEngineSourceWindowToJSON,
} from '@pieces.app/pieces-os-client'
import { defaultFixtures } from 'conversation-asset-mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { checkModel } from './check-model.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * The windows the workstream pattern engine saw, through the official
 * client on both runtimes: the list, create, the links to tags and websites
 * from both sides, update, score increments, search and delete; every answer
 * checked against the client's models and round-tripped.
 */

type Links = { iterable: Array<{ id: string }>; indices: Record<string, number> }

describe.each(runtimes)('workstream pattern-engine source windows through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let configuration: Configuration
  let windows: WorkstreamPatternEngineSourceWindowsApi
  let window: WorkstreamPatternEngineSourceWindowApi

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
    windows = new WorkstreamPatternEngineSourceWindowsApi(configuration)
    window = new WorkstreamPatternEngineSourceWindowApi(configuration)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  const first = (kind: 'tag' | 'website') => [...mock.store.all(kind)][0]!.id
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
        window.workstreamPatternEngineSourceWindowSpecificSourceWindowSnapshotRaw({ sourceWindow: id }),
        'WorkstreamPatternEngineSourceWindow',
        WorkstreamPatternEngineSourceWindowToJSON,
      )
    ).value
  const create = async (name = 'README.md - docs - Visual Studio Code') =>
    (
      await callAndCheck(
        windows.workstreamPatternEngineSourceWindowCreateNewSourceWindowRaw({
          seededWorkstreamPatternEngineSourceWindow: { name },
        }),
        'WorkstreamPatternEngineSourceWindow',
        WorkstreamPatternEngineSourceWindowToJSON,
      )
    ).value

  it('lists the default windows, each named as the source that shows it names its window', async () => {
    const { value } = await callAndCheck(
      windows.workstreamPatternEngineSourceWindowsSnapshotRaw({}),
      'WorkstreamPatternEngineSourceWindows',
      WorkstreamPatternEngineSourceWindowsToJSON,
    )
    expect(value.iterable.map((item) => item.id).sort()).toEqual(
      defaultFixtures.sourceWindow!.map(({ id }) => id).sort(),
    )
    const titles = defaultFixtures.source!.map((source) => source.raw.window)
    for (const item of value.iterable) expect(titles).toContain(item.name)
  })

  it('creates a window linked to the workstream events its seed lists, and each event lists the window', async () => {
    const event = [...mock.store.all('workstreamEvent')][0]!.id
    const { value } = await callAndCheck(
      windows.workstreamPatternEngineSourceWindowCreateNewSourceWindowRaw({
        seededWorkstreamPatternEngineSourceWindow: {
          name: 'Pull requests - Google Chrome',
          workstreamEvents: { iterable: [{ id: event }] },
        },
      }),
      'WorkstreamPatternEngineSourceWindow',
      WorkstreamPatternEngineSourceWindowToJSON,
    )
    expect(value.workstreamEvents?.iterable).toEqual([{ id: event }])
    const eventWire = await read(`/workstream_event/${event}`, 'WorkstreamEvent')
    expect((eventWire.source_windows as Links).iterable).toEqual([{ id: value.id }])

    await windows.workstreamPatternEngineSourceWindowDeleteSpecificSourceWindow({ sourceWindow: value.id })
    const after = (await read(`/workstream_event/${event}`, 'WorkstreamEvent')).source_windows as Links
    expect(after.iterable).toEqual([])
    expect(after.indices[value.id]).toBe(-1)
  })

  it('refuses a window seed naming a workstream event that does not exist, and creates nothing', async () => {
    const before = [...mock.store.all('sourceWindow')].length
    const response = await fetch(`${mock.baseUrl}/workstream_pattern_engine/source_windows/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', workstream_events: { iterable: [{ id: 'no-such-event' }] } }),
    })
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('no-such-event')
    expect([...mock.store.all('sourceWindow')].length).toBe(before)
  })

  it('creates a window with its title, linked to nothing, with a zero score', async () => {
    const created = await create()
    expect(created.name).toBe('README.md - docs - Visual Studio Code')
    expect(created.score).toEqual({ manual: 0, automatic: 0 })
    expect(created.tags?.iterable).toEqual([])
    expect(created.websites?.iterable).toEqual([])
  })

  it('links a window to a tag and a website from either side and shows the link on both records', async () => {
    const { id } = await create()
    const tag = first('tag')
    const website = first('website')
    await new TagApi(configuration).tagAssociateWorkstreamPatternEngineSourceWindow({ tag, sourceWindow: id })
    await window.workstreamPatternEngineSourceWindowAssociateWebsite({ sourceWindow: id, website })
    const linked = await snapshot(id)
    expect(linked.tags?.iterable).toEqual([{ id: tag }])
    expect(linked.websites?.iterable).toEqual([{ id: website }])
    expect(((await read(`/tag/${tag}`, 'Tag')).source_windows as Links).iterable).toContainEqual({ id })
    expect(((await read(`/website/${website}`, 'Website')).source_windows as Links).iterable).toContainEqual({ id })

    await window.workstreamPatternEngineSourceWindowDisassociateTag({ sourceWindow: id, tag })
    await new WebsiteApi(configuration).websiteDisassociateWorkstreamPatternEngineSourceWindow({
      website,
      sourceWindow: id,
    })
    const unlinked = await snapshot(id)
    expect(unlinked.tags?.iterable).toEqual([])
    expect(unlinked.websites?.iterable).toEqual([])
    expect(((await read(`/tag/${tag}`, 'Tag')).source_windows as Links).indices[id]).toBe(-1)
  })

  it('updates a window title from the snapshot a client edited, keeping its links', async () => {
    const { id } = await create()
    const tag = first('tag')
    await window.workstreamPatternEngineSourceWindowAssociateTag({ sourceWindow: id, tag })
    const current = await snapshot(id)
    const { value } = await callAndCheck(
      window.workstreamPatternEngineSourceWindowUpdateRaw({
        workstreamPatternEngineSourceWindow: { ...current, name: 'index.ts - docs - Visual Studio Code' },
      }),
      'WorkstreamPatternEngineSourceWindow',
      WorkstreamPatternEngineSourceWindowToJSON,
    )
    expect(value.name).toBe('index.ts - docs - Visual Studio Code')
    expect(value.tags?.iterable).toEqual([{ id: tag }])
    expect((await snapshot(id)).name).toBe('index.ts - docs - Visual Studio Code')
  })

  it('raises the counters a score increment names under either key', async () => {
    const { id } = await create()
    await window.workstreamPatternEngineSourceWindowScoresIncrement({
      sourceWindow: id,
      seededScoreIncrement: {
        workstreamPatternEngineSourceWindow: { searched: true },
        workstreamPatternEngineSourceWindows: { searched: true, update: true },
      },
    })
    expect((await snapshot(id)).score).toEqual({ manual: 0, automatic: 0, searched: 2, update: 1 })
  })

  it('finds windows by their title', async () => {
    const created = await create('Quarterly numbers - Sheets')
    const { value } = await callAndCheck(
      windows.workstreamPatternEngineSourceWindowsSearchRaw({
        searchInput: { engines: { iterable: [{ query: 'quarterly' }] } },
      }),
      'SearchedWorkstreamPatternEngineSourceWindows',
      SearchedWorkstreamPatternEngineSourceWindowsToJSON,
    )
    expect(value.iterable.map((item) => item.identifier)).toEqual([created.id])
    expect(value.iterable[0]!.workstreamPatternEngineSourceWindow?.name).toBe('Quarterly numbers - Sheets')
  })

  it('deletes a window: its reads answer 410 and its tags and websites lose it', async () => {
    const linked = defaultFixtures.sourceWindow!.find((item) => (item.websites?.length ?? 0) > 0)!
    const { id } = linked
    const tag = first('tag')
    await window.workstreamPatternEngineSourceWindowAssociateTag({ sourceWindow: id, tag })
    await windows.workstreamPatternEngineSourceWindowDeleteSpecificSourceWindow({ sourceWindow: id })

    const gone = await failure(
      window.workstreamPatternEngineSourceWindowSpecificSourceWindowSnapshot({ sourceWindow: id }),
    )
    expect(gone.status).toBe(410)
    expect(gone.text).toBe('WorkstreamPatternEngineSourceWindow not found.')
    expect(
      (await failure(window.workstreamPatternEngineSourceWindowAssociateTag({ sourceWindow: id, tag }))).status,
    ).toBe(410)
    const tagWindows = (await read(`/tag/${tag}`, 'Tag')).source_windows as Links
    expect(tagWindows.iterable).not.toContainEqual({ id })
    expect(tagWindows.indices[id]).toBe(-1)
    const websiteWindows = (await read(`/website/${linked.websites![0]}`, 'Website')).source_windows as Links
    expect(websiteWindows.indices[id]).toBe(-1)
    const list = await windows.workstreamPatternEngineSourceWindowsSnapshot({})
    expect(list.iterable.map((item) => item.id)).not.toContain(id)
  })
})

import {
  Configuration,
  WebsiteApi,
  WorkstreamPatternEngineSourceWindowsApi,
  WorkstreamPatternEngineSourcesApi,
} from '@pieces.app/pieces-os-client'
import { defaultFixtures, type IdentifierFrame } from 'conversation-asset-mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes as runtimes, type StreamRuntime } from './stream-runtimes.js'

/*
 * The identifier streams of the workstream pattern engine's sources and
 * windows, on both transports: the first frame lists every live id under the
 * client's StreamedIdentifier keys, and every write sends the ids it changed.
 */

const ids = (frame: IdentifierFrame, key: string) =>
  frame.iterable.map((item) => (item as unknown as Record<string, { id: string }>)[key]!.id)

describe.each(runtimes)('the source and source-window identifier streams, $name', ({ start }) => {
  let mock: StreamRuntime
  let sources: WorkstreamPatternEngineSourcesApi
  let windows: WorkstreamPatternEngineSourceWindowsApi
  let websites: WebsiteApi
  const open: Array<{ close(): void }> = []

  beforeAll(async () => {
    mock = await start()
    const configuration = new Configuration({ basePath: mock.baseUrl })
    sources = new WorkstreamPatternEngineSourcesApi(configuration)
    windows = new WorkstreamPatternEngineSourceWindowsApi(configuration)
    websites = new WebsiteApi(configuration)
  })
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  const connect = (stream: 'sources' | 'sourceWindows') => {
    const client = mock.open<IdentifierFrame>(mock.streamUrls[stream])
    open.push(client.socket)
    return client.frames
  }

  it('sends every live source and window id in the first frame, under the client keys', async () => {
    const first = await connect('sources').next()
    expect(new Set(ids(first, 'workstreamPatternEngineSource'))).toEqual(
      new Set(defaultFixtures.source!.map(({ id }) => id)),
    )
    const windowFrame = await connect('sourceWindows').next()
    expect(new Set(ids(windowFrame, 'workstreamPatternEngineSourceWindow'))).toEqual(
      new Set(defaultFixtures.sourceWindow!.map(({ id }) => id)),
    )
  })

  it('sends the id of a created source and of the source a link changes, and a deletion alone', async () => {
    const frames = connect('sources')
    await frames.next()
    const created = await sources.workstreamPatternEngineSourcesCreateNewSource({
      seededWorkstreamPatternEngineSource: { raw: { application: 'Terminal' }, readable: 'Terminal' },
    })
    expect(await frames.next()).toEqual({ iterable: [{ workstreamPatternEngineSource: { id: created.id } }] })
    const website = defaultFixtures.website![0]!.id
    await websites.websiteAssociateWorkstreamPatternEngineSource({ website, source: created.id })
    expect(await frames.next()).toEqual({ iterable: [{ workstreamPatternEngineSource: { id: created.id } }] })
    await sources.workstreamPatternEngineSourcesDeleteSpecificSource({ source: created.id })
    expect(await frames.next()).toEqual({
      iterable: [{ workstreamPatternEngineSource: { id: created.id }, deleted: true }],
    })
  })

  it('sends the id of a created window, and a deletion alone', async () => {
    const frames = connect('sourceWindows')
    await frames.next()
    const created = await windows.workstreamPatternEngineSourceWindowCreateNewSourceWindow({
      seededWorkstreamPatternEngineSourceWindow: { name: 'notes.md - Visual Studio Code' },
    })
    expect(await frames.next()).toEqual({ iterable: [{ workstreamPatternEngineSourceWindow: { id: created.id } }] })
    await windows.workstreamPatternEngineSourceWindowDeleteSpecificSourceWindow({ sourceWindow: created.id })
    expect(await frames.next()).toEqual({
      iterable: [{ workstreamPatternEngineSourceWindow: { id: created.id }, deleted: true }],
    })
  })
})

import {
  Configuration,
  ModelApi,
  ModelDownloadProgressFromJSON,
  ModelFoundationEnum,
  ModelsApi,
  type ModelDownloadProgress,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_DOWNLOAD_PACE_MS } from '../../src/domain/machine/model-downloads.js'
import { streamRuntimes, type StreamRuntime, type TestSocket } from '../events/stream-runtimes.js'
import { checkModel } from './check-model.js'

/*
 * Model downloads as Pieces' vanilla TypeScript example drives them: at
 * start-up it looks its models up by foundation and opens
 * `/model/{id}/download/progress` for each local one; its buttons download
 * and cancel.
 */

const MISTRAL_CPU = '0de10000-0000-4000-8000-000000000012'
const PHI_2_GPU = '0de10000-0000-4000-8000-000000000015'

describe.each(streamRuntimes)('model downloads through the official client, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const models = () => new ModelApi(new Configuration({ basePath: mock.baseUrl }))
  const progressOf = async (id: string) => {
    const client = mock.open<ModelDownloadProgress>(
      `${mock.baseUrl.replace(/^http/, 'ws')}/model/${id}/download/progress`,
    )
    sockets.push(client.socket)
    await client.opened
    return client.frames
  }
  const setPace = async (paceMs: unknown) => {
    const response = await fetch(`${mock.baseUrl}/__mock/downloads/pace`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paceMs }),
    })
    return { status: response.status, text: await response.text() }
  }

  beforeAll(async () => {
    mock = await start({ downloadPaceMs: 0 })
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await setPace(0)
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('finds every model the vanilla example looks up at start-up, local ones waiting to be downloaded', async () => {
    const { iterable } = await new ModelsApi(new Configuration({ basePath: mock.baseUrl })).modelsSnapshot()
    const find = (foundation: string, cpu?: boolean) =>
      iterable.find((model) => model.foundation === foundation && (cpu === undefined || model.cpu === cpu))
    expect(
      iterable.find((model) => model.foundation === ModelFoundationEnum.Gpt35 && !model.name.includes('16k')),
    ).toBeDefined()
    expect(find(ModelFoundationEnum.Gpt4)).toBeDefined()
    for (const foundation of [ModelFoundationEnum.Llama27B, ModelFoundationEnum.Mistral7B, ModelFoundationEnum.Phi2]) {
      for (const cpu of [true, false]) expect(find(foundation, cpu)).toMatchObject({ cloud: false, downloaded: false })
    }
  })

  it('streams the progress from 0 to 100 %, and the model is downloaded only at the end', async () => {
    const frames = await progressOf(MISTRAL_CPU)
    const started = await models().modelSpecificModelDownload({ model: MISTRAL_CPU })
    expect(started).toMatchObject({ downloading: true, downloaded: false })
    const first = await frames.next()
    expect(checkModel(first, 'ModelDownloadProgress')).toEqual([])
    expect(ModelDownloadProgressFromJSON(first)).toEqual({ status: 'INITIALIZED', percentage: 0 })
    const halfway = await frames.next((frame) => frame.percentage === 50)
    expect(halfway.status).toBe('IN-PROGRESS')
    const last = await frames.next((frame) => frame.status === 'COMPLETED')
    expect(last.percentage).toBe(100)
    const percentages = frames.frames.map((frame) => frame.percentage)
    expect(percentages).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    expect(await models().modelsSpecificModelSnapshot({ model: MISTRAL_CPU })).toMatchObject({
      downloaded: true,
      downloading: false,
    })
  })

  it('cancels a download under way at the default pace: a CANCELED frame, and the model neither downloading nor downloaded', async () => {
    expect((await setPace(DEFAULT_DOWNLOAD_PACE_MS)).status).toBe(200)
    const frames = await progressOf(PHI_2_GPU)
    await models().modelSpecificModelDownload({ model: PHI_2_GPU })
    await frames.next((frame) => frame.status === 'INITIALIZED')
    const cancelled = await models().modelSpecificModelDownloadCancel({ model: PHI_2_GPU })
    expect(cancelled).toMatchObject({ downloading: false, downloaded: false })
    expect(await frames.next()).toEqual({ status: 'CANCELED', percentage: 0 })
    expect(await models().modelsSpecificModelSnapshot({ model: PHI_2_GPU })).toMatchObject({ downloaded: false })
  })

  it('sends a client that connects mid-download where the download is', async () => {
    await setPace(1000)
    await models().modelSpecificModelDownload({ model: PHI_2_GPU })
    const frames = await progressOf(PHI_2_GPU)
    expect(await frames.next()).toEqual({ status: 'INITIALIZED', percentage: 0 })
  })

  it('refuses a pace that is not a whole number of milliseconds, and keeps the one it had', async () => {
    const refused = await setPace(-5)
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('paceMs')
    expect(await fetch(`${mock.baseUrl}/__mock/downloads`).then((response) => response.json())).toEqual({ paceMs: 0 })
  })
})

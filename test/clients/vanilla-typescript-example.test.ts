import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'
import { clientReplay, type ClientReplay } from './replay.js'

/*
 * Pieces' vanilla TypeScript copilot example
 * (pieces-app/pieces-copilot-vanilla-typescript-example): main() looks up
 * eight models by foundation and dereferences each, opens a download-progress
 * socket per local model, and its buttons download, cancel and delete models,
 * pick files and ask the copilot over /qgpt/stream.
 */

interface Model {
  id: string
  name: string
  unique: string
  foundation?: string
  cpu?: boolean
  downloaded: boolean
}
interface Progress {
  status?: string
  percentage?: number | null
}
interface Frame {
  status?: string
  question?: { answers: { iterable: Array<{ text?: string }> } }
}

const LOCAL = ['LLAMA_2_7B', 'MISTRAL_7B', 'PHI_2']

describe.each(streamRuntimes)("Pieces' vanilla TypeScript example, $name", ({ start }) => {
  let mock: StreamRuntime
  let app: ClientReplay

  /** main(): the models it picks; a missing one is a TypeError before the page renders. */
  async function pickModels() {
    const models = (await app.read<{ iterable: Model[] }>('modelsSnapshot', 'GET', '/models', 'Models')).iterable
    const find = (test: (model: Model) => boolean) => models.find(test)
    const picked = {
      gpt35: find((model) => model.foundation === 'GPT_3.5' && !model.name.includes('16k')),
      gpt4: find((model) => model.foundation === 'GPT_4'),
      ...Object.fromEntries(
        LOCAL.flatMap((foundation) => [
          [`${foundation} cpu`, find((model) => model.foundation === foundation && model.cpu === true)],
          [`${foundation} gpu`, find((model) => model.foundation === foundation && !model.cpu)],
        ]),
      ),
    }
    return { models, picked }
  }
  /** ModelProgressController: one socket per local model but the old llama ggml build. */
  const downloadable = (models: Model[]) =>
    models.filter((model) => LOCAL.includes(model.foundation ?? '') && model.unique !== 'llama-2-7b-chat.ggmlv3.q4_K_M')

  beforeAll(async () => {
    mock = await start({ copilotPaceMs: 0, downloadPaceMs: 0 })
  })
  beforeEach(() => {
    app = clientReplay(mock)
  })
  afterEach(async () => {
    for (const socket of app.sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('starts: finds every model it names and opens a download-progress socket per local model', async () => {
    const { models, picked } = await pickModels()
    for (const [label, model] of Object.entries(picked)) expect(model, `no ${label} model`).toBeDefined()
    for (const model of downloadable(models)) {
      const { opened } = app.open<Progress>(`/model/${model.id}/download/progress`)
      await opened
    }
  })

  it('download shows progress from 0 to 100 % and COMPLETED, after which the model is downloaded', async () => {
    const { models } = await pickModels()
    const model = downloadable(models).find((candidate) => !candidate.downloaded)!
    expect(model).toBeDefined()
    const { frames, opened } = app.open<Progress>(`/model/${model.id}/download/progress`)
    await opened
    await app.read('modelSpecificModelDownload', 'POST', `/model/${model.id}/download`, 'Model')
    const seen: Progress[] = []
    while (seen.at(-1)?.status !== 'COMPLETED') {
      const frame = await frames.next(undefined, { timeoutMs: 5_000 })
      expect(checkModel(frame, 'ModelDownloadProgress')).toEqual([])
      expect(['INITIALIZED', 'IN-PROGRESS', 'COMPLETED']).toContain(frame.status)
      seen.push(frame)
    }
    const percentages = seen.flatMap((frame) => (typeof frame.percentage === 'number' ? [frame.percentage] : []))
    expect(percentages.at(-1)).toBe(100)
    expect(percentages).toEqual([...percentages].sort((a, b) => a - b))
    const after = (await pickModels()).models.find((candidate) => candidate.id === model.id)!
    expect(after.downloaded).toBe(true)
  })

  it('cancel stops a download with CANCELED, and delete clears a downloaded model', async () => {
    const { models } = await pickModels()
    const model = downloadable(models).find((candidate) => !candidate.downloaded)!
    expect(model, 'no local model left to download').toBeDefined()
    const { frames, opened } = app.open<Progress>(`/model/${model.id}/download/progress`)
    await opened
    await app.read('modelSpecificModelDownload', 'POST', `/model/${model.id}/download`, 'Model')
    await frames.next((frame) => frame.status === 'INITIALIZED' || frame.status === 'IN-PROGRESS')
    await app.read('modelSpecificModelDownloadCancel', 'POST', `/model/${model.id}/download/cancel`, 'Model')
    await frames.next((frame) => frame.status === 'CANCELED')
    expect((await pickModels()).models.find((candidate) => candidate.id === model.id)!.downloaded).toBe(false)

    const downloaded = (await pickModels()).models.find(
      (candidate) => candidate.downloaded && !candidate.foundation?.startsWith('GPT'),
    )
    if (downloaded) {
      await app.read(
        'modelsDeleteSpecificModelCache',
        'POST',
        `/models/${downloaded.id}/delete/cache`,
        'ModelDeleteCacheOutput',
        { body: {} },
      )
      expect((await pickModels()).models.find((candidate) => candidate.id === downloaded.id)!.downloaded).toBe(false)
    }
  })

  it('add files puts the picked paths in the context', async () => {
    const answer = await app.call('osFilesystemPickFiles', 'POST', '/os/filesystem/files/pick', { body: {} })
    expect(answer.status).toBeLessThan(300)
    expect(Array.isArray(answer.body)).toBe(true)
    for (const path of answer.body as unknown[]) expect(typeof path).toBe('string')
  })

  it('send asks with the relevant context and shows the streamed answer until COMPLETED', async () => {
    const { picked } = await pickModels()
    const { socket, frames, opened } = app.open<Frame>('/qgpt/stream')
    const context = await app.read<{ application: unknown }>('connect', 'POST', '/connect', 'Context', {
      body: { application: { name: 'OPEN_SOURCE', version: '0.0.0', platform: 'LINUX' } },
    })
    expect(context.application).toBeDefined()
    const relevance = await app.read<{ relevant: unknown }>(
      'relevance',
      'POST',
      '/qgpt/relevance',
      'QGPTRelevanceOutput',
      {
        body: { query: 'How do I read a file in Python?', paths: [] },
      },
    )
    await opened
    socket.send(
      JSON.stringify({
        question: { query: 'How do I read a file in Python?', relevant: relevance.relevant, model: picked.gpt35!.id },
      }),
    )
    let total = ''
    for (;;) {
      const frame = await frames.next(undefined, { timeoutMs: 5_000 })
      expect(['FAILED', 'UNKNOWN']).not.toContain(frame.status)
      if (frame.status === 'COMPLETED') break
      total += frame.question?.answers.iterable[0]?.text ?? ''
    }
    expect(total).toContain('```python')
  })
})

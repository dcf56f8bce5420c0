import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import type { StreamRuntime } from '../events/stream-runtimes.js'
import { scenarioRuntimes } from './scenario-runtimes.js'
import { chatMessages, clientReplay, type ClientReplay } from './replay.js'
import { PYTHON_SOCKETS as SOCKETS, pythonSdkStartup, VISION } from './start-ups.js'

/*
 * The Python SDK's wrapper (pieces-os-client-sdk-for-python, wrapper/):
 * PiecesClient() start-up with its seven WebSockets, where the long-term
 * memory socket reads the vision status snapshot on every frame; then chat,
 * long-term memory on and off, and sign-in and sign-out as the user stream
 * tells the wrapper. Any 5xx raises in the generated Python client.
 */

interface Frame {
  status?: string
  conversation?: string
  question?: { answers: { iterable: Array<{ text?: string }> } }
}
type Json = Record<string, unknown>

describe.each(scenarioRuntimes)("the Python SDK's PiecesClient, $name, on the $scenario scenario", ({ start }) => {
  let mock: StreamRuntime
  let sdk: ClientReplay
  let application: string

  /** _startup: health, connect, the user, then the seven sockets, each with its first frame. */
  async function startup() {
    sdk = clientReplay(mock)
    const started = await pythonSdkStartup(sdk)
    expect(started.user).toBeDefined()
    application = started.application
    return started
  }
  /** What LTMVisionWS.on_message does with every frame: read the status snapshot. */
  const visionStatus = () =>
    sdk.read<{ vision?: Json }>(
      'workstreamPatternEngineProcessorsVisionStatus',
      'GET',
      `${VISION}/status`,
      'WorkstreamPatternEngineStatus',
    )

  beforeAll(async () => {
    mock = await start({ copilotPaceMs: 0 })
  })
  afterEach(async () => {
    for (const socket of sdk.sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('starts with every socket framed as the wrapper parses it and the default model available', async () => {
    const { first } = await startup()
    expect(first['/.well-known/stream/health']).toMatch(/^ok/)
    expect(checkModel(first['/user/stream'], 'UserProfile')).toEqual([])
    expect(checkModel(first[`${VISION}/status/stream`], 'WorkstreamPatternEngineStatus')).toEqual([])
    for (const path of SOCKETS.filter((candidate) => candidate.endsWith('/identifiers'))) {
      expect(checkModel(first[path], 'StreamedIdentifiers')).toEqual([])
    }
    // model_name = "GPT-3.5-turbo Chat Model" raises unless a cloud or downloaded model has that name.
    const models = await sdk.read('modelsSnapshot', 'GET', '/models', 'Models')
    const names = (models.iterable as Array<{ name: string; cloud: boolean; downloaded: boolean }>)
      .filter((model) => model.cloud || model.downloaded)
      .map((model) => model.name)
    expect(names).toContain('GPT-3.5-turbo Chat Model')
  })

  it('gives the Sublime and Neovim plugins, which start through the wrapper, the default models they pick', async () => {
    await startup()
    const models = (await sdk.read('modelsSnapshot', 'GET', '/models', 'Models')).iterable as Array<{
      name: string
      unique?: string
      cloud: boolean
      downloaded: boolean
    }>
    // Neovim: model_name = "GPT-4o Chat Model"; Sublime: the model whose unique is its "model" setting.
    expect(models.filter((model) => model.cloud || model.downloaded).map((model) => model.name)).toContain(
      'GPT-4o Chat Model',
    )
    expect(models.map((model) => model.unique)).toContain('o4-mini-2025-04-16')
  })

  it('reads the vision status snapshot on the vision stream frame, and it agrees with the frame', async () => {
    const { first } = await startup()
    const status = await visionStatus()
    expect(status).toEqual(first[`${VISION}/status/stream`])
  })

  /** The wrapper's first saves on a service with none: create_asset, create_chat, BasicRange.create. */
  const firstSaves: Record<string, () => Promise<string>> = {
    '/assets/stream/identifiers': async () => {
      const tracked = await sdk.read(
        'applicationsSpecificApplicationSnapshot',
        'GET',
        `/applications/${application}`,
        'Application',
      )
      const seed = {
        type: 'SEEDED_ASSET',
        asset: { application: tracked, format: { fragment: { string: { raw: 'print("saved from the SDK")' } } } },
      }
      return (
        await sdk.read<{ id: string }>('assetsCreateNewAsset', 'POST', '/assets/create', 'Asset', {
          query: { transferables: 'false' },
          body: seed,
        })
      ).id
    },
    '/conversations/stream/identifiers': async () =>
      (
        await sdk.read<{ id: string }>(
          'conversationsCreateSpecificConversation',
          'POST',
          '/conversations/create',
          'Conversation',
          { body: { name: 'New Conversation', type: 'COPILOT' } },
        )
      ).id,
    '/ranges/stream/identifiers': async () =>
      (
        await sdk.read<{ id: string }>('rangesCreateNewRange', 'POST', '/ranges/create', 'Range', {
          body: { from: { value: '2026-11-28T20:02:07.069815' }, to: { value: '2026-11-28T20:17:07.069815' } },
        })
      ).id,
  }

  it('reads every record the identifier streams list, and the stream announces what the wrapper saves first', async () => {
    const { first, sockets } = await startup()
    const reads = [
      [
        '/conversations/stream/identifiers',
        'conversation',
        'conversationGetSpecificConversation',
        '/conversation/',
        'Conversation',
      ],
      ['/assets/stream/identifiers', 'asset', 'assetSnapshot', '/asset/', 'Asset'],
      ['/anchors/stream/identifiers', 'anchor', 'anchorSpecificAnchorSnapshot', '/anchor/', 'Anchor'],
      ['/ranges/stream/identifiers', 'range', 'rangesSpecificRangeSnapshot', '/range/', 'Range'],
    ] as const
    for (const [path, key, operation, prefix, model] of reads) {
      type Identifiers = { iterable: Array<Record<string, { id: string }>> }
      let items = (first[path] as Identifiers).iterable
      const save = firstSaves[path]
      if (items.length === 0 && save) {
        const id = await save()
        const announced = await sockets[path]!.frames.next((frame) =>
          (frame as Identifiers).iterable.some((item) => item[key]?.id === id),
        )
        items = (announced as Identifiers).iterable
      }
      if (save) expect(items.length, path).toBeGreaterThan(0)
      for (const item of items) {
        const record = await sdk.read<{ id: string }>(operation, 'GET', `${prefix}${item[key]!.id}`, model, {
          headers: { application },
        })
        expect(record.id).toBe(item[key]!.id)
      }
    }
  })

  it('assets: BasicAsset.create saves code with the language read from it, .classification reads it, and setting it reclassifies', async () => {
    await startup()
    const applicationRecord = await sdk.read<Json>(
      'applicationsSpecificApplicationSnapshot',
      'GET',
      `/applications/${application}`,
      'Application',
    )
    // BasicAsset._get_seed(raw): the raw text in a fragment, no metadata, no language.
    const raw = 'def reverse(items):\n    return items[::-1]\n\nprint(reverse([1, 2, 3]))\n'
    const created = await sdk.read<{ id: string }>('assetsCreateNewAsset', 'POST', '/assets/create', 'Asset', {
      query: { transferables: 'false' },
      body: {
        type: 'SEEDED_ASSET',
        asset: { application: applicationRecord, format: { fragment: { string: { raw } } } },
      },
    })
    type Classified = { original: { reference: { classification: { generic: string; specific: string } } } }
    const asset = () =>
      sdk.read<Classified & Json>('assetSnapshot', 'GET', `/asset/${created.id}`, 'Asset', {
        query: { transferables: 'true' },
      })
    const saved = await asset()
    expect(saved.original.reference.classification).toMatchObject({ generic: 'CODE', specific: 'py' })
    expect((saved.original.reference as { fragment?: { string?: { raw?: string } } }).fragment?.string?.raw).toBe(raw)

    // asset.classification = "sh": POST /asset/reclassify with the whole asset and the new ext.
    await sdk.read('assetReclassify', 'POST', '/asset/reclassify', 'Asset', {
      query: { transferables: 'false' },
      body: { ext: 'sh', asset: saved },
    })
    expect((await asset()).original.reference.classification.specific).toBe('sh')
  })

  it('chats: stream_question streams INITIALIZED, the answer, then COMPLETED; question() answers whole', async () => {
    await startup()
    const { socket, frames, opened } = sdk.open<Frame>('/qgpt/stream')
    await opened
    socket.send(
      JSON.stringify({
        relevance: {
          application,
          query: 'Write a Python function that adds two numbers',
          model: 'gpt-3.5-turbo',
          options: { question: true },
        },
      }),
    )
    const seen: Frame[] = []
    while (seen.at(-1)?.status !== 'COMPLETED') {
      const frame = await frames.next(undefined, { timeoutMs: 5_000 })
      expect(frame.status).not.toBe('FAILED')
      seen.push(frame)
    }
    expect(seen[0]!.status).toBe('INITIALIZED')
    const text = seen
      .map((frame) => frame.question?.answers.iterable.map((answer) => answer.text ?? '').join('') ?? '')
      .join('')
    expect(text).toContain('```python')
    // chat.messages(): the question and the answer streamed, in order.
    expect(await chatMessages(sdk, seen.at(-1)!.conversation!)).toEqual([
      ['USER', 'Write a Python function that adds two numbers'],
      ['ASSISTANT', text],
    ])

    const answer = await sdk.read<{ answers: { iterable: Array<{ text: string }> } }>(
      'question',
      'POST',
      '/qgpt/question',
      'QGPTQuestionOutput',
      {
        body: { query: 'What is a closure?', model: 'gpt-3.5-turbo', application, relevant: { iterable: [] } },
      },
    )
    expect(answer.answers.iterable[0]!.text.length).toBeGreaterThan(0)
  })

  it('long-term memory: enable, pause and capture change the status the vision stream announces', async () => {
    const { sockets } = await startup()
    const vision = sockets[`${VISION}/status/stream`]!
    const permissions = await sdk.read<{ processing?: Json }>(
      'osPermissions',
      'GET',
      '/os/permissions',
      'OSPermissions',
    )
    expect(typeof permissions.processing?.vision).toBe('boolean')
    await sdk.read('osPermissionsRequest', 'POST', '/os/permissions/request', 'OSPermissions', {
      body: { processing: { vision: true, accessibility: true } },
    })
    await sdk.read(
      'workstreamPatternEngineProcessorsVisionActivate',
      'POST',
      `${VISION}/activate`,
      'WorkstreamPatternEngineStatus',
      {
        body: { vision: { activation: { continuous: true } } },
      },
    )
    await vision.frames.next((frame) => (frame as { vision?: Json }).vision?.activation !== undefined)
    expect((await visionStatus()).vision?.activation).toBeDefined()

    await sdk.read(
      'workstreamPatternEngineProcessorsVisionDeactivate',
      'POST',
      `${VISION}/deactivate`,
      'WorkstreamPatternEngineStatus',
      {
        body: { vision: { deactivation: { continuous: true } } },
      },
    )
    await vision.frames.next((frame) => (frame as { vision?: Json }).vision?.activation === undefined)
    expect((await visionStatus()).vision?.activation).toBeUndefined()

    await sdk.read(
      'workstreamPatternEngineProcessorsVisionCalibrationCapture',
      'POST',
      `${VISION}/calibration/capture`,
      'WorkstreamPatternEngineVisionCalibration',
    )
  })

  it('long-term memory with naive datetimes: chat_enable_ltm() grounds a chat, ltm.pause(until=…) pauses until then', async () => {
    const { sockets } = await startup()
    const vision = sockets[`${VISION}/status/stream`]!
    // chat_enable_ltm(): create_chat("New Conversation"), BasicRange.create() with Python's
    // isoformat() of naive datetime.now() values, associate_range, then the conversation again.
    const chat = await sdk.read<{ id: string }>(
      'conversationsCreateSpecificConversation',
      'POST',
      '/conversations/create',
      'Conversation',
      { body: { name: 'New Conversation', type: 'COPILOT' } },
    )
    const range = await sdk.read<{ id: string; from?: { value: string }; to?: { value: string } }>(
      'rangesCreateNewRange',
      'POST',
      '/ranges/create',
      'Range',
      { body: { from: { value: '2026-11-28T20:02:07.069815' }, to: { value: '2026-11-28T20:17:07.069815' } } },
    )
    expect([range.from?.value, range.to?.value]).toEqual(['2026-11-28T20:02:07.069Z', '2026-11-28T20:17:07.069Z'])
    await sdk.call(
      'rangeAssociateConversationGroundingTemporalRangeWorkstreams',
      'POST',
      `/range/${range.id}/conversations/grounding/temporal_range/workstreams/associate/${chat.id}`,
    )
    const grounded = await sdk.read<{ grounding?: { temporal?: { workstreams?: { indices?: Json } } } }>(
      'conversationGetSpecificConversation',
      'GET',
      `/conversation/${chat.id}`,
      'Conversation',
    )
    expect(Object.keys(grounded.grounding?.temporal?.workstreams?.indices ?? {})).toContain(range.id)

    // ltm.pause(until=datetime.now() + timedelta(hours=1)): a naive `to`.
    await sdk.read(
      'workstreamPatternEngineProcessorsVisionDeactivate',
      'POST',
      `${VISION}/deactivate`,
      'WorkstreamPatternEngineStatus',
      { body: { vision: { deactivation: { to: { value: '2026-11-28T21:17:07.069815' } } } } },
    )
    const paused = (frame: unknown) =>
      (frame as { vision?: { deactivation?: Json } }).vision?.deactivation !== undefined
    await vision.frames.next(paused)
    const status = (await visionStatus()) as { vision?: { deactivation?: { to?: { value: string } } } }
    expect(status.vision?.deactivation?.to?.value).toBe('2026-11-28T21:17:07.069Z')
  })

  it('signs out and in: /user and the user stream say so in frames AuthWS understands', async () => {
    const { sockets } = await startup()
    const userStream = sockets['/user/stream']!
    await sdk.read('signOutOfOS', 'POST', '/os/sign_out', 'Users')
    // AuthWS: UserProfile.from_json(frame); a frame that is not a JSON object (or is null) means signed out.
    const out = await userStream.frames.next()
    expect(out === null || typeof out === 'string').toBe(true)
    expect((await sdk.read('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')).user).toBeUndefined()

    const profile = await sdk.read<{ id: string }>('signIntoOS', 'POST', '/os/sign_in', 'UserProfile')
    const back = await userStream.frames.next()
    expect(checkModel(back, 'UserProfile')).toEqual([])
    await sdk.read('allocationsConnectNewCloud', 'POST', '/allocations/connect', 'AllocationCloud', { body: profile })
    const user = await sdk.read<{ user?: { allocation?: Json } }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
    expect(user.user?.allocation).toBeDefined()
    await sdk.call('allocationsDisconnectCloud', 'POST', '/allocations/disconnect', { body: user.user!.allocation })
  })
})

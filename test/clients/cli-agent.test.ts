import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import type { StreamRuntime } from '../events/stream-runtimes.js'
import { scenarioRuntimes } from './scenario-runtimes.js'
import { chatMessages, clientReplay, firstWordOf, type ClientReplay } from './replay.js'
import { cliStartup } from './start-ups.js'

/*
 * The `pieces` CLI (pieces-app/cli-agent), command by command, as its public
 * code calls the service: Settings.startup, then each everyday command. The
 * CLI uses the generated Python client, which raises on any 5xx, so a 501 is
 * a traceback for its user; every call here must answer below 500 and not 404.
 */

interface Frame {
  status?: string
  conversation?: string
  question?: { answers: { iterable: Array<{ text?: string }> } }
}
type Json = Record<string, unknown>
const ids = (list: Json) => (list.iterable as Array<{ id: string }>).map((item) => item.id)

describe.each(scenarioRuntimes)('the pieces CLI, $name, on the $scenario scenario', ({ start }) => {
  let mock: StreamRuntime
  let cli: ClientReplay
  let application: string

  /** Settings.startup: port scan, health, version, the signed-in user, the OS application's id. */
  async function startup() {
    const started = await cliStartup(cli)
    expect(started.user).toBeDefined()
    application = started.application
  }

  /** The CLI's application as its seeds carry it (Settings.pieces_client.application). */
  const cliApplication = () => ({
    id: application,
    name: 'PIECES_FOR_DEVELOPERS_CLI',
    version: '1.16.0',
    platform: 'LINUX',
    onboarded: true,
    privacy: 'OPEN',
  })

  /** The asset ids `pieces list` shows, by GET /assets/identifiers. */
  async function listed() {
    return ids(await cli.read('assetsIdentifiersSnapshot', 'GET', '/assets/identifiers', 'FlattenedAssets'))
  }
  const asset = (id: string) => cli.read('assetSnapshot', 'GET', `/asset/${id}`, 'Asset')

  /** Reads the whole stream answer the CLI prints, up to COMPLETED. */
  async function ask(relevance: Json, conversation?: string) {
    const { socket, frames, opened } = cli.open<Frame>('/qgpt/stream')
    await opened
    socket.send(JSON.stringify({ conversation, relevance }))
    const seen: Frame[] = []
    for (;;) {
      const frame = await frames.next(undefined, { timeoutMs: 5_000 })
      expect(checkModel(frame, 'QGPTStreamOutput')).toEqual([])
      seen.push(frame)
      expect(frame.status, JSON.stringify(frame)).not.toBe('FAILED')
      if (frame.status === 'COMPLETED') break
    }
    const text = seen.map((frame) => frame.question?.answers.iterable.map((a) => a.text ?? '').join('') ?? '').join('')
    return { seen, text, conversation: seen.at(-1)!.conversation! }
  }

  /** `pieces create`: BasicAsset.create saves the clipboard's text as a Seed with no metadata. */
  const createFromClipboard = (raw: string) =>
    cli.read<{ id: string }>('assetsCreateNewAsset', 'POST', '/assets/create', 'Asset', {
      query: { transferables: 'false' },
      body: {
        type: 'SEEDED_ASSET',
        asset: { application: cliApplication(), format: { fragment: { string: { raw } } } },
      },
    })

  /** A material to work on: the first `pieces list` shows, or, on a service with none, one saved by `pieces create`. */
  async function aMaterial(): Promise<string> {
    const first = (await listed())[0]
    if (first !== undefined) return first
    const created = await createFromClipboard('def total(items):\n    return sum(items)\n')
    expect(await listed()).toEqual([created.id])
    return created.id
  }

  /** A chat to open: the first `pieces chats` lists, or, on a service with none, the one `pieces ask` starts. */
  async function aChat(): Promise<string> {
    const first = ids(
      await cli.read('conversationsIdentifiersSnapshot', 'GET', '/conversations/identifiers', 'FlattenedConversations'),
    )[0]
    if (first !== undefined) return first
    const { conversation } = await ask({
      application,
      query: 'How do I reverse a list in Python?',
      model: 'gpt-3.5-turbo',
      options: { question: true },
    })
    return conversation
  }

  beforeAll(async () => {
    mock = await start({ copilotPaceMs: 0 })
  })
  afterEach(async () => {
    for (const socket of cli.sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('starts up: finds the service, checks its version, sees the signed-in user and the default model', async () => {
    cli = clientReplay(mock)
    await startup()
    const models = await cli.read('modelsSnapshot', 'GET', '/models', 'Models')
    const usable = (models.iterable as Array<{ name: string; cloud: boolean; downloaded: boolean }>).filter(
      (model) => model.cloud || model.downloaded,
    )
    expect(usable.map((model) => model.name)).toContain('GPT-3.5-turbo Chat Model')
  })

  it('pieces list shows every material by name and kind, and lists models and applications', async () => {
    cli = clientReplay(mock)
    await startup()
    await aMaterial()
    const materials = await listed()
    expect(materials.length).toBeGreaterThan(0)
    for (const id of materials) {
      const found = await asset(id)
      expect(typeof found.name).toBe('string')
      expect((found.original as Json).reference).toBeDefined()
    }
  })

  it.each([
    ['fuzzy', 'searchAssets', '/assets/search', { transferables: 'false' }],
    ['ncs', 'neuralCodeSearch', '/search/neural_code', {}],
    ['fts', 'fullTextSearch', '/search/full_text', {}],
  ] as const)(
    'pieces search --mode %s lists the stored materials that match',
    async (_mode, operation, path, extra) => {
      cli = clientReplay(mock)
      await startup()
      const target = await asset(await aMaterial())
      const query = firstWordOf(target.name as string)
      const found = await cli.read(operation, 'GET', path, 'SearchedAssets', { query: { query, ...extra } })
      const hits = found.iterable as Array<{ exact: boolean; identifier: string }>
      expect(hits.length).toBeGreaterThan(0)
      for (const hit of hits) {
        expect(typeof hit.exact).toBe('boolean')
        await asset(hit.identifier)
      }
      expect(hits.map((hit) => hit.identifier)).toContain(target.id)
    },
  )

  it('pieces ask streams an answer that starts with INITIALIZED, ends COMPLETED and names its conversation', async () => {
    cli = clientReplay(mock)
    await startup()
    const { seen, text, conversation } = await ask({
      application,
      query: 'How do I reverse a list in Python?',
      model: 'gpt-3.5-turbo',
      options: { question: true },
    })
    expect(seen[0]!.status).toBe('INITIALIZED')
    expect(text).toMatch(/```python/)
    // pieces chat: the conversation keeps the question and the answer printed, in order.
    expect(await chatMessages(cli, conversation)).toEqual([
      ['USER', 'How do I reverse a list in Python?'],
      ['ASSISTANT', text],
    ])
  })

  it('pieces ask --ltm turns long-term memory on and grounds a new chat in a time range sent without an offset', async () => {
    cli = clientReplay(mock)
    await startup()
    const vision = '/workstream_pattern_engine/processors/vision'
    await cli.read(
      'workstreamPatternEngineProcessorsVisionStatus',
      'GET',
      `${vision}/status`,
      'WorkstreamPatternEngineStatus',
    )
    let permissions = await cli.read<{ processing?: Json }>('osPermissions', 'GET', '/os/permissions', 'OSPermissions')
    if (!permissions.processing?.vision || !permissions.processing.accessibility) {
      await cli.read('osPermissionsRequest', 'POST', '/os/permissions/request', 'OSPermissions', {
        body: { processing: { vision: true, accessibility: true } },
      })
      permissions = await cli.read('osPermissions', 'GET', '/os/permissions', 'OSPermissions')
    }
    expect(permissions.processing).toMatchObject({ vision: true, accessibility: true })
    await cli.read(
      'workstreamPatternEngineProcessorsVisionActivate',
      'POST',
      `${vision}/activate`,
      'WorkstreamPatternEngineStatus',
      {
        body: { vision: { activation: { continuous: true } } },
      },
    )
    const status = await cli.read<{ vision?: Json }>(
      'workstreamPatternEngineProcessorsVisionStatus',
      'GET',
      `${vision}/status`,
      'WorkstreamPatternEngineStatus',
    )
    expect(status.vision?.activation).toBeDefined()

    const chat = await cli.read<{ id: string }>(
      'conversationsCreateSpecificConversation',
      'POST',
      '/conversations/create',
      'Conversation',
      {
        body: { name: 'New Conversation', type: 'COPILOT' },
      },
    )
    // BasicRange.create(): the last 15 minutes as Python's isoformat() of a naive datetime.now() writes them.
    const range = await cli.read<{ id: string }>('rangesCreateNewRange', 'POST', '/ranges/create', 'Range', {
      body: { from: { value: '2026-11-28T20:02:07.069815' }, to: { value: '2026-11-28T20:17:07' } },
    })
    const stored = await cli.read<{ from?: { value: string }; to?: { value: string } }>(
      'rangesSpecificRangeSnapshot',
      'GET',
      `/range/${range.id}`,
      'Range',
    )
    expect([stored.from?.value, stored.to?.value]).toEqual(['2026-11-28T20:02:07.069Z', '2026-11-28T20:17:07.000Z'])
    await cli.call(
      'rangeAssociateConversationGroundingTemporalRangeWorkstreams',
      'POST',
      `/range/${range.id}/conversations/grounding/temporal_range/workstreams/associate/${chat.id}`,
    )
    const grounded = await cli.read<{ grounding?: { temporal?: { workstreams?: { indices?: Json } } } }>(
      'conversationGetSpecificConversation',
      'GET',
      `/conversation/${chat.id}`,
      'Conversation',
    )
    expect(Object.keys(grounded.grounding?.temporal?.workstreams?.indices ?? {})).toContain(range.id)
    const { text } = await ask(
      {
        application,
        query: 'What was I working on?',
        model: 'gpt-3.5-turbo',
        options: { question: true, pipeline: { conversation: { contextualized_code_workstream_dialog: {} } } },
      },
      chat.id,
    )
    expect(text.length).toBeGreaterThan(0)
  })

  it('pieces chats lists the conversations by name; a chat reads its messages, renames and deletes', async () => {
    cli = clientReplay(mock)
    await startup()
    const id = await aChat()
    const chats = ids(
      await cli.read('conversationsIdentifiersSnapshot', 'GET', '/conversations/identifiers', 'FlattenedConversations'),
    )
    expect(chats).toContain(id)
    const chat = await cli.read<{ name?: string; messages: { indices?: Record<string, number> } }>(
      'conversationGetSpecificConversation',
      'GET',
      `/conversation/${id}`,
      'Conversation',
    )
    expect(Object.keys(chat.messages.indices ?? {}).length).toBeGreaterThan(0)
    for (const messageId of Object.keys(chat.messages.indices ?? {})) {
      const message = await cli.read<{ role: string }>(
        'messageSpecificMessageSnapshot',
        'GET',
        `/message/${messageId}`,
        'ConversationMessage',
      )
      expect(['USER', 'ASSISTANT', 'SYSTEM']).toContain(message.role)
    }
    const renamed = await cli.read<{ name?: string }>(
      'conversationSpecificConversationRename',
      'POST',
      `/conversation/${id}/rename`,
      'Conversation',
    )
    expect(typeof renamed.name).toBe('string')
    const reread = await cli.read<{ name?: string }>(
      'conversationGetSpecificConversation',
      'GET',
      `/conversation/${id}`,
      'Conversation',
    )
    expect(reread.name).toBe(renamed.name)
    await cli.call('conversationsDeleteSpecificConversation', 'POST', `/conversations/${id}/delete`)
    const after = ids(
      await cli.read('conversationsIdentifiersSnapshot', 'GET', '/conversations/identifiers', 'FlattenedConversations'),
    )
    expect(after).not.toContain(id)
  })

  it('pieces chats shows the chats just made among its first ten, the newest first, and a renamed one on top', async () => {
    cli = clientReplay(mock)
    await startup()
    // A second between writes, on the mock's clock: each write is newer than the one before.
    const tick = () => cli.call('advanceClock', 'POST', '/__mock/clock/advance', { body: { ms: 1_000 } })
    await cli.call('freezeClock', 'POST', '/__mock/clock/freeze', { body: { at: '2026-11-28T20:17:07.000Z' } })
    try {
      const made: string[] = []
      for (let index = 0; index < 11; index++) {
        await tick()
        const chat = await cli.read<{ id: string }>(
          'conversationsCreateSpecificConversation',
          'POST',
          '/conversations/create',
          'Conversation',
          { body: { name: `Chat ${index}`, type: 'COPILOT' } },
        )
        made.push(chat.id)
      }
      const listed = async () =>
        ids(
          await cli.read(
            'conversationsIdentifiersSnapshot',
            'GET',
            '/conversations/identifiers',
            'FlattenedConversations',
          ),
        )
      // get_conversations(max_chats=10): the first ten of the list.
      expect((await listed()).slice(0, 10)).toEqual(made.slice(1).reverse())
      const oldest = await cli.read(
        'conversationGetSpecificConversation',
        'GET',
        `/conversation/${made[0]}`,
        'Conversation',
      )
      await tick()
      await cli.read('conversationUpdate', 'POST', '/conversation/update', 'Conversation', {
        body: { ...oldest, name: 'Renamed' },
      })
      expect((await listed())[0]).toBe(made[0])
    } finally {
      await cli.call('resumeClock', 'POST', '/__mock/clock/resume', { body: {} })
    }
  })

  it('pieces create saves the clipboard as a material that pieces list then shows', async () => {
    cli = clientReplay(mock)
    await startup()
    const created = await createFromClipboard('print("hello")')
    expect(await listed()).toContain(created.id)
    const shown = await asset(created.id)
    const original = (shown.original as { id: string }).id
    const format = await cli.read<{ fragment?: { string?: { raw?: string } } }>(
      'formatSnapshot',
      'GET',
      `/format/${original}`,
      'Format',
      { query: { transferable: 'true' } },
    )
    expect(format.fragment?.string?.raw).toBe('print("hello")')
    expect(shown.name).toBe('print("hello")')
  })

  it('pieces create saves clipboard code with its language detected, which pieces list shows and pieces edit changes', async () => {
    cli = clientReplay(mock)
    await startup()
    // BasicAsset.create: a Seed with the clipboard's text and no metadata, so no language.
    const created = await createFromClipboard('def total(items):\n    return sum(items)\n\nprint(total([1, 2]))\n')
    // print_asset_details: Type is original.reference.classification.generic, Language its specific.
    const shown = async () => {
      const read = await asset(created.id)
      const original = read.original as { reference?: { classification: Json } }
      return { name: read.name, classification: original.reference?.classification }
    }
    expect(await listed()).toContain(created.id)
    expect(await shown()).toEqual({ name: 'def total(items):', classification: { generic: 'CODE', specific: 'py' } })
    // pieces edit --classification: BasicAsset.classification's setter, an AssetReclassification with the whole asset.
    await cli.read('assetReclassify', 'POST', '/asset/reclassify', 'Asset', {
      body: { ext: 'rb', asset: await asset(created.id) },
    })
    expect((await shown()).classification).toEqual({ generic: 'CODE', specific: 'rb' })
  })

  it('pieces edit gives pasted prose a language, and a text language makes it text again', async () => {
    cli = clientReplay(mock)
    await startup()
    const created = await createFromClipboard('Remember to rotate the staging keys before the release on Friday.')
    const classification = async () =>
      ((await asset(created.id)).original as { reference?: { classification: Json } }).reference?.classification
    expect(await classification()).toEqual({ generic: 'TEXT', specific: 'text' })
    for (const [ext, generic] of [
      ['sh', 'CODE'],
      ['md', 'TEXT'],
    ] as const) {
      await cli.read('assetReclassify', 'POST', '/asset/reclassify', 'Asset', {
        body: { ext, asset: await asset(created.id) },
      })
      expect(await classification()).toEqual({ generic, specific: ext })
    }
  })

  it('pieces save and edit change a material: its content through its format, its name through the asset', async () => {
    cli = clientReplay(mock)
    await startup()
    const id = await aMaterial()
    const original = ((await asset(id)).original as { id: string }).id
    const format = await cli.read<{ fragment?: { string?: { raw?: string } } }>(
      'formatSnapshot',
      'GET',
      `/format/${original}`,
      'Format',
      {
        query: { transferable: 'true' },
      },
    )
    expect(typeof format.fragment?.string?.raw).toBe('string')
    format.fragment!.string!.raw = 'edited from the CLI'
    await cli.read('formatUpdateValue', 'POST', '/format/update/value', 'Format', {
      query: { transferable: 'false' },
      body: format,
    })
    const reread = await cli.read<typeof format>('formatSnapshot', 'GET', `/format/${original}`, 'Format', {
      query: { transferable: 'true' },
    })
    expect(reread.fragment?.string?.raw).toBe('edited from the CLI')

    const named = await asset(id)
    await cli.read('assetUpdate', 'POST', '/asset/update', 'Asset', { body: { ...named, name: 'Renamed by the CLI' } })
    expect((await asset(id)).name).toBe('Renamed by the CLI')
  })

  it('pieces share prints a public link, kept on the material', async () => {
    cli = clientReplay(mock)
    await startup()
    const user = await cli.read<{ user?: { allocation?: Json } }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
    expect(user.user?.allocation).toBeDefined()
    const target = await asset(await aMaterial())
    const shares = await cli.read<{ iterable: Array<{ link: string }> }>('linkify', 'POST', '/linkify', 'Shares', {
      body: { access: 'PUBLIC', asset: target },
    })
    expect(shares.iterable[0]!.link).toMatch(/^https?:\/\//)
    const kept = (await asset(target.id as string)).shares as { iterable: Array<{ link: string }> } | undefined
    expect(kept?.iterable.map((share) => share.link)).toContain(shares.iterable[0]!.link)
  })

  it('pieces delete removes the material from the list', async () => {
    cli = clientReplay(mock)
    await startup()
    const id = await aMaterial()
    await cli.call('assetsDeleteAsset', 'POST', `/assets/${id}/delete`)
    expect(await listed()).not.toContain(id)
  })

  it('pieces login shows the user and the cloud status; signed out, it signs in and connects the cloud', async () => {
    cli = clientReplay(mock)
    await startup()
    const before = await cli.read<{
      user?: { name?: string; email?: string; allocation?: { status: { cloud: string } } }
    }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
    expect(typeof before.user?.name).toBe('string')
    expect(typeof before.user?.email).toBe('string')
    expect(before.user?.allocation?.status.cloud).toBeDefined()
    await cli.read('signOutOfOS', 'POST', '/os/sign_out', 'Users')
    const signedOut = await cli.read<{ user?: unknown }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
    expect(signedOut.user).toBeUndefined()
    const profile = await cli.read<{ name?: string }>('signIntoOS', 'POST', '/os/sign_in', 'UserProfile')
    expect(typeof profile.name).toBe('string')
    const cloud = await cli.read<{ status: { cloud: string } }>(
      'allocationsConnectNewCloud',
      'POST',
      '/allocations/connect',
      'AllocationCloud',
      {
        body: profile,
      },
    )
    expect(cloud.status.cloud).toBeDefined()
    const after = await cli.read<{ user?: unknown }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
    expect(after.user).toBeDefined()
  })

  it('pieces logout signs out: the user is gone from /user', async () => {
    cli = clientReplay(mock)
    await startup()
    await cli.read('signOutOfOS', 'POST', '/os/sign_out', 'Users')
    const user = await cli.read<{ user?: unknown }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
    expect(user.user).toBeUndefined()
  })

  it('pieces restart asks the service to restart and finds it healthy again', async () => {
    cli = clientReplay(mock)
    await startup()
    const restart = await cli.call('osRestart', 'GET', '/os/restart')
    expect(restart.status).toBeLessThan(300)
    expect((await cli.call('getWellKnownHealth', 'GET', '/.well-known/health')).status).toBe(200)
  })

  it('pieces open --copilot, --drive and --settings get a port per applet, the same port each time', async () => {
    cli = clientReplay(mock)
    await startup()
    const launch = (type: string) =>
      cli.read<{ port: number }>('osAppletLaunch', 'POST', '/os/applet/launch', 'ActiveOSServerApplet', {
        body: { type },
      })
    for (const type of ['COPILOT', 'SAVED_MATERIALS', 'FUTURE_APPLET_MODULE_PLACEHOLDER_A']) {
      const first = await launch(type)
      expect(Number.isInteger(first.port)).toBe(true)
      expect((await launch(type)).port).toBe(first.port)
    }
  })

  it('pieces onboarding marks the CLI onboarded, and pieces mcp reads the MCP entry points', async () => {
    cli = clientReplay(mock)
    await startup()
    await cli.call('onboarded', 'POST', `/${application}/onboarded`, { body: true })
    const versions = await cli.read<{ iterable: Array<{ entry_endpoint: string }> }>(
      'modelContextProtocolSchemaVersions',
      'GET',
      '/model_context_protocol/schema_versions',
      'ModelContextProtocolSchemaVersions',
    )
    expect(versions.iterable[0]!.entry_endpoint).toMatch(/^https?:\/\//)
  })
})

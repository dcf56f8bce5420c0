import { SCENARIOS } from 'conversation-asset-mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'
import { clientReplay, type ClientReplay } from './replay.js'
import {
  cliStartup,
  listModels,
  obsidianStartup,
  PYTHON_DEFAULT_MODEL,
  pythonSdkStartup,
  reactExampleStartup,
  usable,
  vanillaExampleStartup,
} from './start-ups.js'

/*
 * A scenario changes the user's data, never the machine: every public
 * client starts on every scenario, with its default model there.
 */

const STARTUPS = [
  ['the pieces CLI', cliStartup],
  ["the Python SDK's PiecesClient", pythonSdkStartup],
  ["Pieces' React example", reactExampleStartup],
  ["Pieces' vanilla TypeScript example", vanillaExampleStartup],
  ['the Obsidian plugin', obsidianStartup],
] as const

type Json = Record<string, unknown>

describe.each(streamRuntimes)('every scenario, $name', ({ start }) => {
  let mock: StreamRuntime
  const replays: ClientReplay[] = []
  const replay = () => {
    const client = clientReplay(mock)
    replays.push(client)
    return client
  }

  beforeAll(async () => {
    mock = await start({ copilotPaceMs: 0, downloadPaceMs: 0 })
  })
  afterEach(() => {
    for (const client of replays.splice(0)) for (const socket of client.sockets.splice(0)) socket.close()
  })
  afterAll(() => mock.close())

  it.each(SCENARIOS)('the %s scenario lets every public client start, with the default model there', async (name) => {
    await mock.service.useScenario(name)
    for (const [client, startup] of STARTUPS) {
      await expect(startup(replay()), `${client} on ${name}`).resolves.toBeDefined()
    }
    const models = await listModels(replay())
    expect(usable(models).map((model) => model.name)).toContain(PYTHON_DEFAULT_MODEL)
  })

  it('the empty scenario holds no assets and no conversations, and keeps the models, the user and the applications', async () => {
    await mock.service.useScenario('empty')
    const client = replay()
    const count = async (path: string, model: string) =>
      (await client.read<{ iterable: Json[] }>(path, 'GET', path, model)).iterable.length
    expect(await count('/assets', 'Assets')).toBe(0)
    expect(await count('/conversations', 'Conversations')).toBe(0)
    expect(await count('/models', 'Models')).toBeGreaterThan(0)
    expect(await count('/applications', 'Applications')).toBeGreaterThan(0)
    const user = await client.read<{ user?: Json }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
    expect(user.user).toBeDefined()
  })
})

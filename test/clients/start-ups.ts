import { expect } from 'vitest'
import type { ClientReplay } from './replay.js'

/*
 * What each public client calls when it starts, before its user does
 * anything: the client tests begin with these, and the scenario test runs
 * every one of them on every scenario.
 */

type Json = Record<string, unknown>

/** A model as the clients pick it from `GET /models`. */
export interface ListedModel {
  id: string
  name: string
  unique: string
  foundation?: string
  cpu?: boolean
  cloud: boolean
  downloaded: boolean
}

/** The model the Python SDK (and the CLI through it) asks with unless told otherwise. */
export const PYTHON_DEFAULT_MODEL = 'GPT-3.5-turbo Chat Model'

/** The WebSockets the Python SDK's PiecesClient opens once a user is signed in. */
export const VISION = '/workstream_pattern_engine/processors/vision'
export const PYTHON_SOCKETS = [
  '/conversations/stream/identifiers',
  '/assets/stream/identifiers',
  '/user/stream',
  '/.well-known/stream/health',
  '/anchors/stream/identifiers',
  `${VISION}/status/stream`,
  '/ranges/stream/identifiers',
] as const

/** The local foundations the vanilla example looks up, a cpu and a gpu model each. */
const VANILLA_LOCAL = ['LLAMA_2_7B', 'MISTRAL_7B', 'PHI_2']

/** The models a client can ask with: cloud ones, and local ones downloaded. */
export const usable = (models: readonly ListedModel[]) => models.filter((model) => model.cloud || model.downloaded)

/** Reads `GET /models` as the clients do. */
export async function listModels(client: ClientReplay): Promise<ListedModel[]> {
  return (await client.read<{ iterable: ListedModel[] }>('modelsSnapshot', 'GET', '/models', 'Models')).iterable
}

/**
 * The `pieces` CLI's Settings.startup: port scan, health, version, the
 * signed-in user, the OS application's id, connect, then the models it picks
 * from ("No models available" without one).
 */
export async function cliStartup(cli: ClientReplay) {
  await cli.call('getWellKnownHealth', 'HEAD', '/.well-known/health')
  const health = await cli.call('getWellKnownHealth', 'GET', '/.well-known/health')
  expect(health.status).toBe(200)
  const version = await cli.call('getWellKnownVersion', 'GET', '/.well-known/version')
  expect(version.text).toMatch(/^12\.\d+\.\d+/)
  const user = await cli.read<{ user?: Json }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile')
  // get_os_id: the OS_SERVER application's id when listed (a missing one is reported as "unknown").
  await cli.read('applicationsSnapshot', 'GET', '/applications', 'Applications')
  const context = await cli.read('connect', 'POST', '/connect', 'Context', {
    body: { application: { name: 'PIECES_FOR_DEVELOPERS_CLI', platform: 'LINUX', version: '1.16.0' } },
  })
  const application = (context.application as { id: string }).id
  return { application, user: user.user, models: await listModels(cli) }
}

/**
 * The Python SDK's PiecesClient._startup: health, connect, the user, then,
 * with a user signed in, the seven sockets each with its first frame; then
 * the models, where its default model name must be a usable one.
 */
export async function pythonSdkStartup(sdk: ClientReplay) {
  expect((await sdk.call('getWellKnownHealth', 'GET', '/.well-known/health')).status).toBe(200)
  const context = await sdk.read('connect', 'POST', '/connect', 'Context', {
    body: { application: { name: 'OPEN_SOURCE', platform: 'LINUX', version: '4.4.1' } },
  })
  const application = (context.application as { id: string }).id
  const user = await sdk.read<{ user?: Json }>('userSnapshot', 'GET', '/user', 'ReturnedUserProfile', {
    headers: { application },
  })
  const sockets = user.user ? Object.fromEntries(PYTHON_SOCKETS.map((path) => [path, sdk.open<unknown>(path)])) : {}
  const first: Record<string, unknown> = Object.fromEntries(
    await Promise.all(
      Object.entries(sockets).map(async ([path, socket]) => [path, await socket.frames.next()] as const),
    ),
  )
  return { application, user: user.user, sockets, first, models: await listModels(sdk) }
}

/** Pieces' React example at start: the snippet list (each asset's name and classification), connect, the activity list. */
export async function reactExampleStartup(app: ClientReplay) {
  const assets = await app.read<{ iterable: Array<{ name: string; original: Json }> }>(
    'assetsSnapshot',
    'GET',
    '/assets',
    'Assets',
  )
  for (const asset of assets.iterable) expect(typeof asset.name).toBe('string')
  await app.read('connect', 'POST', '/connect', 'Context', {
    body: { application: { name: 'UNKNOWN', version: '0.0.1', platform: 'MACOS' } },
  })
  const activities = await app.read<{ iterable: Json[] }>('activitiesSnapshot', 'GET', '/activities', 'Activities')
  return { assets: assets.iterable, activities: activities.iterable }
}

/**
 * The vanilla TypeScript example's main(): the eight models it looks up by
 * foundation (a missing one is a TypeError before the page renders), and a
 * download-progress socket per local model.
 */
export async function vanillaExampleStartup(app: ClientReplay) {
  const models = await listModels(app)
  const find = (test: (model: ListedModel) => boolean) => models.find(test)
  const picked = {
    gpt35: find((model) => model.foundation === 'GPT_3.5' && !model.name.includes('16k')),
    gpt4: find((model) => model.foundation === 'GPT_4'),
    ...Object.fromEntries(
      VANILLA_LOCAL.flatMap((foundation) => [
        [`${foundation} cpu`, find((model) => model.foundation === foundation && model.cpu === true)],
        [`${foundation} gpu`, find((model) => model.foundation === foundation && !model.cpu)],
      ]),
    ),
  }
  for (const [label, model] of Object.entries(picked)) expect(model, `no ${label} model`).toBeDefined()
  const local = models.filter(
    (model) => VANILLA_LOCAL.includes(model.foundation ?? '') && model.unique !== 'llama-2-7b-chat.ggmlv3.q4_K_M',
  )
  await Promise.all(local.map((model) => app.open(`/model/${model.id}/download/progress`).opened))
  return { models, picked }
}

/**
 * The Obsidian plugin's onload: version, connect, capabilities, then the
 * applications and assets streams with the reads their first frames trigger.
 */
export async function obsidianStartup(plugin: ClientReplay) {
  const version = await plugin.call('getWellKnownVersion', 'GET', '/.well-known/version')
  expect(version.text).toMatch(/^12\.\d+\.\d+/)
  const context = await plugin.read<{ application: Json & { id: string } }>('connect', 'POST', '/connect', 'Context', {
    body: { application: { name: 'OBSIDIAN', version: '2.0.1', platform: 'LINUX' } },
  })
  await plugin.read('applicationUpdate', 'POST', '/application/update', 'Application', {
    body: { ...context.application, capabilities: 'BLENDED' },
  })
  const apps = plugin.open<{ iterable: Array<{ application?: { id: string } }> }>('/applications/stream/identifiers')
  for (const { application } of (await apps.frames.next()).iterable) {
    if (application) {
      await plugin.read(
        'applicationsSpecificApplicationSnapshot',
        'GET',
        `/applications/${application.id}`,
        'Application',
      )
    }
  }
  const assets = plugin.open<{ iterable: Array<{ asset: { id: string } }> }>('/assets/stream/identifiers')
  const listed = (await assets.frames.next()).iterable
  for (const { asset } of listed) {
    const read = await plugin.read<{ formats: { iterable?: Array<{ id: string }> } }>(
      'assetSnapshot',
      'GET',
      `/asset/${asset.id}`,
      'Asset',
      { query: { transferables: 'false' } },
    )
    for (const format of read.formats.iterable ?? []) {
      await plugin.read('formatSnapshot', 'GET', `/format/${format.id}`, 'Format', { query: { transferable: 'true' } })
    }
  }
  return { application: context.application, assets: listed }
}

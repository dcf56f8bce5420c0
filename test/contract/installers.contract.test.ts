import {
  Configuration,
  FoundryApi,
  OllamaApi,
  OllamaDeploymentFromJSON,
  OllamaDeploymentToJSON,
  OllamaDeploymentsToJSON,
  OllamaStatusToJSON,
  type OllamaDeployment,
  type OllamaStatus,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_DEPLOYMENT_ID } from '../../src/domain/machine/installers/installer-state.js'
import { streamRuntimes, type StreamRuntime, type TestSocket } from '../events/stream-runtimes.js'
import { checkModel } from './check-model.js'
import { callAndCheck, failure } from './client-call.js'

/*
 * Ollama and Foundry share one installer state machine: installed → updating →
 * installed → uninstalling → not installed → installing → installed, each
 * deployment stepped 10 % at a time (at the download pace), cancelled mid-way
 * or failed as the control plane scripts it. Both runtimes, through the
 * official client.
 */

type Product = 'ollama' | 'foundry'

/** The client's installer methods of one product, under one set of names (Foundry's models are Ollama's, field for field). */
function installerOf(product: Product, configuration: Configuration) {
  if (product === 'ollama') {
    const api = new OllamaApi(configuration)
    return {
      install: () => api.ollamaInstallRaw(),
      update: () => api.ollamaUpdateRaw({}),
      uninstall: () => api.ollamaUninstallRaw({}),
      installCancel: (identifier: string) => api.ollamaInstallCancelRaw({ identifier }),
      updateCancel: (identifier: string) => api.ollamaUpdateCancelRaw({ identifier }),
      snapshot: (identifier: string) => api.ollamaInstallSnapshotRaw({ identifier }),
      updateSnapshot: (identifier: string) => api.ollamaUpdateSnapshotRaw({ identifier }),
      installs: () => api.ollamaInstallsSnapshotRaw(),
      updates: () => api.ollamaUpdatesSnapshotRaw(),
      status: () => api.ollamaStatusCheckRaw(),
    }
  }
  const api = new FoundryApi(configuration)
  return {
    install: () => api.foundryInstallRaw(),
    update: () => api.foundryUpdateRaw({}),
    uninstall: () => api.foundryUninstallRaw({}),
    installCancel: (identifier: string) => api.foundryInstallCancelRaw({ identifier }),
    updateCancel: (identifier: string) => api.foundryUpdateCancelRaw({ identifier }),
    snapshot: (identifier: string) => api.foundryInstallSnapshotRaw({ identifier }),
    updateSnapshot: (identifier: string) => api.foundryUpdateSnapshotRaw({ identifier }),
    installs: () => api.foundryInstallsSnapshotRaw(),
    updates: () => api.foundryUpdatesSnapshotRaw(),
    status: () => api.foundryStatusCheckRaw(),
  }
}

const MODELS = {
  ollama: { deployment: 'OllamaDeployment', deployments: 'OllamaDeployments', status: 'OllamaStatus' },
  foundry: { deployment: 'FoundryDeployment', deployments: 'FoundryDeployments', status: 'FoundryStatus' },
} as const

const cases = streamRuntimes.flatMap((runtime) =>
  (['ollama', 'foundry'] as const).map((product) => ({ ...runtime, product })),
)

describe.each(cases)('the $product installer through the official client, $name', ({ start, product }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const models = MODELS[product]
  const installer = () => installerOf(product, new Configuration({ basePath: mock.baseUrl }))
  const deployment = async (call: Promise<{ raw: Response; value(): Promise<OllamaDeployment> }>) =>
    (await callAndCheck(call as never, models.deployment, OllamaDeploymentToJSON)).value as OllamaDeployment
  const status = async () =>
    (await callAndCheck(installer().status() as never, models.status, OllamaStatusToJSON)).value as OllamaStatus
  const control = async (body: unknown) => {
    const response = await fetch(`${mock.baseUrl}/__mock/machine/installers/${product}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, text: await response.text() }
  }
  const setPace = (paceMs: number) =>
    fetch(`${mock.baseUrl}/__mock/downloads/pace`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paceMs }),
    }).then((response) => response.text())
  const statusStream = async () => {
    const client = mock.open<OllamaStatus>(`${mock.baseUrl.replace(/^http/, 'ws')}/${product}/status/stream`)
    sockets.push(client.socket)
    await client.opened
    return client.frames
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

  it('starts installed at an older version, with an update offered', async () => {
    const first = await status()
    expect(first.installation).toMatchObject({ id: FIRST_DEPLOYMENT_ID, status: 'COMPLETED', percentage: 100 })
    expect(first.updateRequired?.version).not.toBe(first.installation?.version)
    const { value } = await callAndCheck(installer().installs() as never, models.deployments, OllamaDeploymentsToJSON)
    expect((value as { iterable: OllamaDeployment[] }).iterable.map((d) => d.id)).toEqual([FIRST_DEPLOYMENT_ID])
  })

  it('walks update, uninstall and install to the end, each 10 % step on the status stream', async () => {
    const frames = await statusStream()
    const first = await frames.next()
    expect(checkModel(first, models.status)).toEqual([])
    const latest = first.updateRequired!.version

    const updating = await deployment(installer().update())
    expect(updating).toMatchObject({ status: 'INITIALIZED', percentage: 0, version: latest })
    const updated = await frames.next((frame) => frame.updating === undefined && frame.installation?.version === latest)
    expect(updated.updateRequired).toBeUndefined()
    expect(frames.frames.flatMap((frame) => (frame.updating ? [frame.updating.percentage] : []))).toContain(50)
    expect(
      OllamaDeploymentFromJSON(
        (await installer()
          .updateSnapshot(updating.id!)
          .then((r) => r.raw.json())) as never,
      ),
    ).toMatchObject({ status: 'COMPLETED', percentage: 100 })

    const uninstalling = await deployment(installer().uninstall())
    expect(uninstalling.status).toBe('INITIALIZED')
    await frames.next((frame) => frame.installation === undefined)
    expect((await status()).recommendation?.inference).toBe(false)

    const installing = await deployment(installer().install())
    expect(installing).toMatchObject({ status: 'INITIALIZED', version: latest })
    const installed = await frames.next((frame) => frame.installing === undefined && frame.installation !== undefined)
    expect(installed.installation).toMatchObject({ id: installing.id, status: 'COMPLETED', version: latest })
    for (const frame of frames.frames) expect(checkModel(frame, models.status)).toEqual([])
  })

  it('cancels an install mid-way: CANCELED, and the runtime stays uninstalled', async () => {
    expect((await control({ installed: null })).status).toBe(200)
    await setPace(60_000)
    const installing = await deployment(installer().install())
    const cancelled = await deployment(installer().installCancel(installing.id!))
    expect(cancelled).toMatchObject({ id: installing.id, status: 'CANCELED', percentage: 0 })
    const after = await status()
    expect(after.installing).toBeUndefined()
    expect(after.installation).toBeUndefined()
    expect(await deployment(installer().snapshot(installing.id!))).toMatchObject({ status: 'CANCELED' })
  })

  it('cancels an update mid-way: the installed version stays', async () => {
    await setPace(60_000)
    const before = (await status()).installation!.version
    const updating = await deployment(installer().update())
    expect((await deployment(installer().updateCancel(updating.id!))).status).toBe('CANCELED')
    expect((await status()).installation?.version).toBe(before)
  })

  it('fails the next deployment as the control plane scripts it, and the one after succeeds', async () => {
    const frames = await statusStream()
    await frames.next()
    const before = (await status()).installation!.version
    expect((await control({ failNext: 'disk full' })).status).toBe(200)
    const failing = await deployment(installer().update())
    await frames.next((frame) => frame.updating !== undefined)
    await frames.next((frame) => frame.updating === undefined)
    expect(await deployment(installer().updateSnapshot(failing.id!))).toMatchObject({ status: 'FAILED' })
    expect((await status()).installation?.version).toBe(before)
    const state = await fetch(`${mock.baseUrl}/__mock/machine/installers`).then((response) => response.json())
    expect(state[product]).toMatchObject({ failNext: null, lastFailure: 'disk full' })
    await deployment(installer().update())
    await frames.next((frame) => frame.updateRequired === undefined)
  })

  it('refuses an update while not installed, and an unknown deployment, changing nothing', async () => {
    await control({ installed: null })
    const refused = await failure(installer().update())
    expect(refused.status).toBe(500)
    expect(refused.text).toContain('not installed')
    const unknown = await failure(installer().snapshot('deployment-99'))
    expect(unknown.text).toContain('deployment-99')
    const { value } = await callAndCheck(installer().updates() as never, models.deployments, OllamaDeploymentsToJSON)
    expect((value as { iterable: unknown[] }).iterable).toEqual([])
  })

  it('refuses a control body it cannot read, naming what to send', async () => {
    const refused = await control({ installed: 7 })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('installed')
  })
})

import {
  Configuration,
  OSApi,
  OSPermissionsToJSON,
  OSServerUpdateStatusToJSON,
  WorkstreamPatternEngineApi,
  WorkstreamPatternEngineStatusToJSON,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * The OS state of the earlier rounds as machine parts: permissions, the update
 * status, the scripted pickers, the applets and long-term memory are kept in a
 * named snapshot and come back with it, read through the official client.
 */

describe.each(runtimes)('the OS state kept in named snapshots, through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  let os: OSApi
  let memory: WorkstreamPatternEngineApi

  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${mock.baseUrl}/__mock${path}`, {
      method: body === undefined && path === '/os' ? 'GET' : 'POST',
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
    const text = await response.text()
    expect(response.status, text).toBeLessThan(300)
    return text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>)
  }
  const permissions = async () =>
    (await callAndCheck(os.osPermissionsRaw(), 'OSPermissions', OSPermissionsToJSON)).value
  const update = async () =>
    (
      await callAndCheck(
        os.osUpdateCheckRaw({ uncheckedOSServerUpdate: {} }),
        'OSServerUpdateStatus',
        OSServerUpdateStatusToJSON,
      )
    ).value
  const vision = async () =>
    (
      await callAndCheck(
        memory.workstreamPatternEngineProcessorsVisionStatusRaw(),
        'WorkstreamPatternEngineStatus',
        WorkstreamPatternEngineStatusToJSON,
      )
    ).value

  beforeAll(async () => {
    mock = await start()
    os = new OSApi(new Configuration({ basePath: mock.baseUrl }))
    memory = new WorkstreamPatternEngineApi(new Configuration({ basePath: mock.baseUrl }))
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('brings back the permissions, update status, picker answers and long-term memory of a restored snapshot', async () => {
    await control('/os/permissions', { vision: false })
    await control('/os/update', { status: 'AVAILABLE' })
    await control('/os/pickers/files', [['/Users/ada/first.md'], ['/Users/ada/second.md']])
    await memory.workstreamPatternEngineProcessorsVisionActivate({
      workstreamPatternEngineStatus: { vision: { activation: { continuous: true } } },
    })
    const { id } = (await control('/snapshots', { name: 'before the changes' })) as { id: string }

    await os.osPermissionsRequest({ oSPermissions: { processing: { vision: true } } })
    await control('/os/update', { status: 'DOWNLOADING', percentage: 40 })
    expect(await os.osFilesystemPickFiles({ filePickerInput: {} })).toEqual(['/Users/ada/first.md'])
    await memory.workstreamPatternEngineProcessorsVisionDeactivate({ workstreamPatternEngineStatus: {} })
    expect((await permissions()).processing?.vision).toBe(true)
    expect((await vision()).vision?.activation).toBeUndefined()

    await control(`/snapshots/${id}/restore`)
    expect((await permissions()).processing).toEqual({ vision: false, accessibility: true })
    expect(await update()).toEqual({ status: 'AVAILABLE' })
    expect((await vision()).vision).toMatchObject({ activation: { continuous: true } })
    expect((await vision()).vision?.deactivation).toBeUndefined()
    expect(await os.osFilesystemPickFiles({ filePickerInput: {} })).toEqual(['/Users/ada/first.md'])
    expect(await os.osFilesystemPickFiles({ filePickerInput: {} })).toEqual(['/Users/ada/second.md'])
  })

  it('brings back the applets a restored snapshot ran, and a reset stops them all', async () => {
    const copilot = await os.osAppletLaunch({ inactiveOSServerApplet: { type: 'COPILOT' } })
    const { id } = (await control('/snapshots')) as { id: string }
    await os.osAppletTerminate({ terminatingOSServerApplet: { type: 'COPILOT' } })
    expect((await control('/os'))!.running).toEqual([])

    await control(`/snapshots/${id}/restore`)
    expect((await control('/os'))!.running).toEqual([{ type: 'COPILOT', port: copilot.port }])
    expect(await os.osAppletLaunch({ inactiveOSServerApplet: { type: 'COPILOT' } })).toMatchObject({
      port: copilot.port,
    })
    await mock.reset()
    expect(await control('/os')).toMatchObject({ applets: [], running: [] })
  })

  it('carries the OS state in /__mock/state: exported, reset, and imported back', async () => {
    await control('/os/permissions', { vision: false })
    await control('/os/update', { status: 'AVAILABLE' })
    await memory.workstreamPatternEngineProcessorsVisionActivate({ workstreamPatternEngineStatus: {} })
    const exported = await (await fetch(`${mock.baseUrl}/__mock/state`)).text()
    await mock.reset()
    expect((await permissions()).processing?.vision).toBe(true)

    const imported = await fetch(`${mock.baseUrl}/__mock/state`, {
      method: 'POST',
      body: exported,
      headers: { 'content-type': 'application/json' },
    })
    expect(imported.status).toBe(204)
    await imported.text()
    expect((await permissions()).processing?.vision).toBe(false)
    expect((await update()).status).toBe('AVAILABLE')
    expect((await vision()).vision?.activation).toEqual({ continuous: true })
  })

  it('refuses a picker script past its bound, and the answers and snapshot stay as they were', async () => {
    await control('/os/pickers/folders', [['/Users/ada/project']])
    const tooMany = Array.from({ length: 100 }, () => ['/Users/ada/other'])
    const refused = await fetch(`${mock.baseUrl}/__mock/os/pickers/folders`, {
      method: 'POST',
      body: JSON.stringify(tooMany),
      headers: { 'content-type': 'application/json' },
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('101 answers would wait, past the 100 it keeps')
    expect(await os.osFilesystemPickFolders()).toEqual(['/Users/ada/project'])
    expect(await os.osFilesystemPickFolders()).toEqual([])
  })
})

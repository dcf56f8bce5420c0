import {
  Configuration,
  NotificationsApi,
  OSApi,
  OSDeviceInformationReturnableToJSON,
  OSServerMetadataToJSON,
  OSServerSettingsToJSON,
  ReturnedUserProfileToJSON,
  VerifiedOSFilesystemPathToJSON,
  LocalNotificationResponseToJSON,
  WellKnownApi,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime, type TestSocket } from '../events/stream-runtimes.js'
import { checkModel } from './check-model.js'
import { callAndCheck, failure } from './client-call.js'

/*
 * The OS's machine parts through the official client: settings (snapshot,
 * update, stream), the device, the virtual file tree the control plane sets
 * (verify, open, the streamed read), URL opens and notifications (recorded,
 * never performed), applets, the update-check stream and the linked providers.
 */

type Read = { status: string; id: string; path: string; bytes?: { raw: number[] }; percentage?: number }

describe.each(streamRuntimes)('the OS machine parts through the official client, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const os = () => new OSApi(new Configuration({ basePath: mock.baseUrl }))
  const control = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${mock.baseUrl}/__mock${path}`, {
      method,
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
    const text = await response.text()
    return { status: response.status, text, json: <T = Record<string, unknown>>() => JSON.parse(text) as T }
  }
  const open = <F>(url: string) => {
    const client = mock.open<F>(url)
    sockets.push(client.socket)
    return client
  }

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('updates the settings, the snapshot and the stream agree, and a reset brings the defaults back', async () => {
    const { frames, opened } = open<{ autoboot?: boolean }>(mock.streamUrls.osSettings)
    await opened
    expect(await frames.next()).toEqual({ autoboot: true })
    const { value } = await callAndCheck(
      os().osSettingsUpdateRaw({ oSServerSettings: { autoboot: false } }),
      'OSServerSettings',
      OSServerSettingsToJSON,
    )
    expect(value.autoboot).toBe(false)
    const frame = await frames.next((next) => next.autoboot === false)
    expect(checkModel(frame, 'OSServerSettings')).toEqual([])
    expect((await os().osSettingsSnapshot()).autoboot).toBe(false)
    await mock.reset()
    expect((await os().osSettingsSnapshot()).autoboot).toBe(true)
  })

  it('describes the same device every time and counts the store in its metadata', async () => {
    const first = await callAndCheck(
      os().osDeviceInformationRaw(),
      'OSDeviceInformationReturnable',
      OSDeviceInformationReturnableToJSON,
    )
    expect(first.json).toEqual(
      (
        await callAndCheck(
          os().osDeviceInformationRaw(),
          'OSDeviceInformationReturnable',
          OSDeviceInformationReturnableToJSON,
        )
      ).json,
    )
    const { value } = await callAndCheck(os().osMetadataRaw(), 'OSServerMetadata', OSServerMetadataToJSON)
    expect(value.totals?.assets).toBe([...mock.service.store.all('asset')].length)
    await os().osMemoryOptimize()
    await os().osNanoModelsPrepare({ nanoModelsPreparationInput: { tasks: { conversation: true } } })
    const device = (await control('GET', '/machine/os')).json<{ device: Record<string, unknown> }>().device
    expect(device).toMatchObject({ memoryOptimizations: 1, nanoModels: { conversation: true } })
    expect(await new WellKnownApi(new Configuration({ basePath: mock.baseUrl })).getInstallationPath()).toBe(
      '/Applications/Pieces OS.app',
    )
  })

  it('verifies paths against the file tree the control plane sets, and a reset brings the default tree back', async () => {
    const set = await control('POST', '/machine/files', {
      files: { '/work/app/main.ts': 'console.log(1)\n' },
      directories: ['/work/empty'],
    })
    expect(set.status).toBe(200)
    const { value } = await callAndCheck(
      os().osFilesystemPathVerifyRaw({ body: '/work/app/main.ts' }),
      'VerifiedOSFilesystemPath',
      VerifiedOSFilesystemPathToJSON,
    )
    expect(value).toMatchObject({ verified: true, file: true, directory: false, bytes: { value: 15 } })
    expect(await os().osFilesystemPathVerify({ body: '/work/app' })).toMatchObject({ verified: true, directory: true })
    expect(await os().osFilesystemPathVerify({ body: '/work/empty' })).toMatchObject({
      verified: true,
      directory: true,
    })
    expect(await os().osFilesystemPathVerify({ body: '/nowhere' })).toMatchObject({ verified: false, file: false })
    await mock.reset()
    expect((await os().osFilesystemPathVerify({ body: '/work/app/main.ts' })).verified).toBe(false)
  })

  it('refuses a file tree past its bounds or with a relative path, and keeps the tree it had', async () => {
    const files = Object.fromEntries(Array.from({ length: 501 }, (_, index) => [`/f/${index}.txt`, '']))
    const tooMany = await control('POST', '/machine/files', { files })
    expect(tooMany.status).toBe(400)
    expect(tooMany.text).toContain('past the 500')
    const relative = await control('POST', '/machine/files', { files: { 'a.txt': 'x' } })
    expect(relative.status).toBe(400)
    expect((await os().osFilesystemPathVerify({ body: '/Users/pieces/project/README.md' })).verified).toBe(true)
  })

  it('records file opens, URL opens and notifications without performing them', async () => {
    await os().osFilesystemFileOpen({ body: '/Users/pieces/project/README.md' })
    await os().osFilesystemFileOpen({ body: '/missing.txt' })
    await os().osBrowserUrlOpen({ body: 'https://pieces.app/docs' })
    const { value } = await callAndCheck(
      new NotificationsApi(new Configuration({ basePath: mock.baseUrl })).sendLocalNotificationRaw({
        notification: { id: 7, title: 'Saved', message: 'Your snippet was saved' },
      }),
      'LocalNotificationResponse',
      LocalNotificationResponseToJSON,
    )
    expect(value.id).toBe(7)
    const { opens } = (await control('GET', '/machine/os')).json() as {
      opens: Record<string, Array<Record<string, unknown>>>
    }
    expect(opens.files?.map((entry) => [entry.path, entry.found])).toEqual([
      ['/Users/pieces/project/README.md', 'file'],
      ['/missing.txt', 'none'],
    ])
    expect(opens.urls?.map((entry) => [entry.url, entry.valid])).toEqual([['https://pieces.app/docs', true]])
    expect(opens.notifications?.map((entry) => [entry.id, entry.title])).toEqual([[7, 'Saved']])
  })

  it('refuses a URL past its bound and records nothing', async () => {
    const refused = await failure(os().osBrowserUrlOpen({ body: `https://a.b/${'x'.repeat(9000)}` }))
    expect(refused.status).toBe(500)
    const { opens } = (await control('GET', '/machine/os')).json<{ opens: { urls: unknown[] } }>()
    expect(opens.urls).toEqual([])
  })

  it('streams a file of the tree in chunks, and fails a path that is no file', async () => {
    const { frames, opened, socket } = open<Read>(mock.streamUrls.osFileRead)
    await opened
    socket.send(JSON.stringify({ path: '/Users/pieces/project/src/index.ts' }))
    const done = await frames.next((frame) => frame.status === 'COMPLETED')
    expect(checkModel(done, 'OSFileStreamingRead')).toEqual([])
    const chunks = frames.frames.filter((frame) => frame.id === done.id && frame.status === 'IN-PROGRESS')
    const bytes = chunks.flatMap((frame) => frame.bytes?.raw ?? [])
    expect(new TextDecoder().decode(new Uint8Array(bytes))).toBe("export const greeting = 'Hello, Pieces'\n")
    socket.send(JSON.stringify({ path: '/Users/pieces/project' }))
    const failed = await frames.next((frame) => frame.status === 'FAILED')
    expect(failed.path).toBe('/Users/pieces/project')
  })

  it('streams the update status, again when it changes', async () => {
    const { frames, opened } = open<{ status: string }>(mock.streamUrls.osUpdateCheck)
    await opened
    expect(await frames.next()).toEqual({ status: 'UP_TO_DATE' })
    expect((await control('POST', '/os/update', { status: 'AVAILABLE' })).status).toBeLessThan(300)
    expect(await frames.next((frame) => frame.status === 'AVAILABLE')).toEqual({ status: 'AVAILABLE' })
  })

  it('streams the applet version as the service version', async () => {
    const { frames, opened } = open<string>(mock.streamUrls.appletVersion)
    await opened
    expect(typeof (await frames.next())).toBe('string')
  })

  it('terminates a launched applet', async () => {
    await os().osAppletLaunch({ inactiveOSServerApplet: { type: 'COPILOT' } })
    await os().osAppletTerminate({ terminatingOSServerApplet: { type: 'COPILOT' } })
    expect(mock.service.store).toBeDefined()
  })

  it('links a provider to the signed-in user, and refuses once no one is signed in', async () => {
    const { value } = await callAndCheck(
      os().linkProviderRaw({ seededExternalProvider: { type: 'github' } }),
      'ReturnedUserProfile',
      ReturnedUserProfileToJSON,
    )
    expect(value.user?.id).toBeDefined()
    expect(
      (await control('GET', '/machine/os')).json<{ device: { linkedProviders: string[] } }>().device.linkedProviders,
    ).toEqual(['github'])
    await os().signOutOfOS()
    const refused = await failure(os().linkProvider({ seededExternalProvider: { type: 'gitlab' } }))
    expect(refused.status).toBe(500)
    expect(refused.text).toContain('no user is signed in')
  })
})

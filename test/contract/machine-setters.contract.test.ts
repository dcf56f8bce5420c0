import {
  Configuration,
  OSApi,
  PKCEApi,
  ReturnedUserProfileToJSON,
  UserApi,
  WorkstreamPatternEngineApi,
  WorkstreamPatternEngineVisionCalibrationsToJSON,
} from '@pieces.app/pieces-os-client'
import { controlClient, type ControlClient } from 'conversation-asset-mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'
import { callAndCheck } from './client-call.js'

/*
 * The machine parts a test author sets from the control plane without
 * walking their flows: the pattern engine's calibrations, sign-in, the opens
 * recorded and the device. A later read of the official client shows what
 * was set, a body the setter refuses answers 400 naming the field and changes
 * nothing, and a reset brings the initial state back. Both runtimes.
 */

describe.each(streamRuntimes)('machine parts set from the control plane, $name', ({ start }) => {
  let mock: StreamRuntime
  let control: ControlClient
  const configuration = () => new Configuration({ basePath: mock.baseUrl })
  /** The 400's message of a body the setter refuses. */
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => {
        throw new Error('Expected the control plane to refuse the body.')
      },
      (error: Error) => error.message,
    )

  beforeAll(async () => {
    mock = await start()
    control = controlClient(mock.baseUrl)
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('sets the calibrations the pattern engine lists, refuses too many, and a reset empties them', async () => {
    const engine = () => new WorkstreamPatternEngineApi(configuration())
    const calibrations = () =>
      callAndCheck(
        engine().workstreamPatternEngineProcessorsVisionCalibrationsSnapshotRaw(),
        'WorkstreamPatternEngineVisionCalibrations',
        WorkstreamPatternEngineVisionCalibrationsToJSON,
      )
    const set = await control.setMachine('pattern-engine', {
      calibrations: [{ foreground: 'Visual Studio Code', captured: '2024-05-01T10:00:00.000Z' }, { foreground: 'Zed' }],
    })
    expect(set).toMatchObject({ calibrations: [{ foreground: 'Visual Studio Code' }, { foreground: 'Zed' }] })
    const { value } = await calibrations()
    expect(value.iterable.map((calibration) => calibration.foreground)).toEqual(['Visual Studio Code', 'Zed'])
    expect(value.iterable[0]?.captured?.value.toISOString()).toBe('2024-05-01T10:00:00.000Z')
    expect((await engine().workstreamPatternEngineProcessorsVisionCalibrationsFocused()).foreground).toBe('Zed')

    const tooMany = Array.from({ length: 21 }, () => ({ foreground: 'Zed' }))
    expect(await refusal(control.setMachine('pattern-engine', { calibrations: tooMany }))).toMatch(
      /400 Failed to set the pattern engine: calibrations: /,
    )
    expect(await refusal(control.setMachine('pattern-engine', { calibrations: [{ foreground: '' }] }))).toContain(
      'calibrations.0.foreground',
    )
    expect(await control.machine('pattern-engine')).toEqual(set)

    await mock.reset()
    expect((await calibrations()).value.iterable).toEqual([])
  })

  it('signs the user out and in again without walking a flow, refusing a user the store does not hold', async () => {
    const user = () => new UserApi(configuration())
    const profile = async () =>
      (await callAndCheck(user().userSnapshotRaw(), 'ReturnedUserProfile', ReturnedUserProfileToJSON)).value.user
    const signedIn = (await profile())!
    expect(await control.machine('sign-in')).toMatchObject({ signedIn: signedIn.id })

    expect(await control.setMachine('sign-in', { user: null })).toMatchObject({ signedIn: null, tokens: [] })
    expect(await profile()).toBeUndefined()

    expect(await refusal(control.setMachine('sign-in', { user: 'nobody' }))).toMatch(
      /400 Failed to set sign-in: user: no user has id "nobody"/,
    )
    expect(await refusal(control.setMachine('sign-in', { user: 7 } as never))).toContain('user:')
    expect(await profile()).toBeUndefined()

    expect(await control.setMachine('sign-in', { user: signedIn.id })).toMatchObject({ signedIn: signedIn.id })
    expect((await profile())?.id).toBe(signedIn.id)

    await control.setMachine('sign-in', { user: null })
    await mock.reset()
    expect((await profile())?.id).toBe(signedIn.id)
  })

  it('forgets the PKCE flow under way, the tokens issued kept', async () => {
    await new PKCEApi(configuration()).getChallenge()
    const before = (await control.machine('sign-in')) as { challenge: unknown; tokens: unknown[] }
    expect(before.challenge).not.toBeNull()
    const after = await control.setMachine('sign-in', { flow: null })
    expect(after).toMatchObject({ challenge: null, result: null, tokens: before.tokens })
    expect(await refusal(control.setMachine('sign-in', { flow: 'clear' } as never))).toContain('flow:')
  })

  it('seeds and clears the opens recorded, and the OS records new ones after them', async () => {
    const os = new OSApi(configuration())
    await os.osBrowserUrlOpen({ body: 'https://pieces.app' })
    const set = (await control.setMachine('opens', {
      urls: [{ url: 'not a url', at: '2024-05-01T10:00:00.000Z' }],
      files: [{ path: '/Users/pieces/project/README.md' }, { path: '/nowhere' }],
      notifications: [{ id: 3, title: 'Saved' }],
    })) as Record<string, unknown>
    expect(set).toMatchObject({
      urls: [{ url: 'not a url', valid: false, at: '2024-05-01T10:00:00.000Z' }],
      files: [{ found: 'file' }, { found: 'none' }],
      notifications: [{ id: 3, title: 'Saved' }],
    })
    await os.osBrowserUrlOpen({ body: 'https://pieces.app/docs' })
    const opens = (await control.machine('opens')) as { urls: Array<{ url: string }> }
    expect(opens.urls.map((open) => open.url)).toEqual(['not a url', 'https://pieces.app/docs'])

    const tooLong = { urls: [{ url: `https://a.b/${'x'.repeat(9000)}` }] }
    expect(await refusal(control.setMachine('opens', tooLong))).toContain('urls.0.url')
    expect(await refusal(control.setMachine('opens', { files: [{ path: '/a', found: 'file' }] } as never))).toContain(
      'files.0',
    )
    expect(await control.machine('opens')).toEqual(opens)

    expect(await control.setMachine('opens', { urls: [], files: [], notifications: [] })).toEqual({
      urls: [],
      files: [],
      notifications: [],
    })
    await os.osBrowserUrlOpen({ body: 'https://pieces.app' })
    await mock.reset()
    expect(await control.machine('opens')).toEqual({ urls: [], files: [], notifications: [] })
  })

  it('sets the device: the linked providers show in the user providers read, a reset unlinks them and a snapshot keeps them', async () => {
    const providers = async () =>
      (
        await callAndCheck(
          new UserApi(configuration()).userProvidersRaw(),
          'ReturnedUserProfile',
          ReturnedUserProfileToJSON,
        )
      ).value.user?.providers?.iterable.map((provider) => provider.type)
    expect(await providers()).toBeUndefined()
    const set = await control.setMachine('device', {
      memoryOptimizations: 4,
      nanoModels: { conversation: true },
      linkedProviders: ['github', 'gitlab'],
    })
    expect(set).toEqual({
      memoryOptimizations: 4,
      nanoModels: { conversation: true },
      linkedProviders: ['github', 'gitlab'],
    })
    expect(await providers()).toEqual(['github', 'gitlab'])
    await new OSApi(configuration()).osMemoryOptimize()
    expect(await control.machine('device')).toMatchObject({ memoryOptimizations: 5 })

    expect(await refusal(control.setMachine('device', { linkedProviders: ['github', 'github'] }))).toContain(
      'linkedProviders',
    )
    expect(await refusal(control.setMachine('device', { linkedProviders: ['myspace'] } as never))).toContain(
      'linkedProviders.0',
    )
    expect(await refusal(control.setMachine('device', { memoryOptimizations: -1 }))).toContain('memoryOptimizations')
    expect(await control.machine('device')).toMatchObject({
      memoryOptimizations: 5,
      linkedProviders: ['github', 'gitlab'],
    })

    const snapshot = await control.snapshot()

    await mock.reset()
    expect(await providers()).toBeUndefined()
    expect(await control.machine('device')).toEqual({ memoryOptimizations: 0, nanoModels: {}, linkedProviders: [] })
    await control.restore(snapshot)
    await control.deleteSnapshot(snapshot)
    expect(await providers()).toEqual(['github', 'gitlab'])
  })
})

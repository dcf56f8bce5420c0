import {
  AllocationCloudToJSON,
  AllocationsApi,
  Configuration,
  OSApi,
  UserApi,
  UserProfileToJSON,
  type UserProfile,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime, type TestSocket } from '../events/stream-runtimes.js'
import { checkModel } from './check-model.js'
import { callAndCheck, failure } from './client-call.js'

/*
 * Signing in and out and the user's cloud, as the CLI's `login` and
 * `logout` and the Python SDK's BasicUser drive them: `/user` and the user
 * stream follow every change.
 */

type UserFrame = (UserProfile & { allocation?: { status: { cloud: string } } }) | null

describe.each(streamRuntimes)('signing in and the cloud through the official client, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const configuration = () => new Configuration({ basePath: mock.baseUrl })
  const openUserStream = async () => {
    const client = mock.open<UserFrame>(mock.streamUrls.user)
    sockets.push(client.socket)
    await client.opened
    return client.frames
  }
  const useScenario = (name: string) => fetch(`${mock.baseUrl}/__mock/scenarios/${name}`, { method: 'POST' })

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await useScenario('default')
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('starts signed in, with a connected cloud', async () => {
    const { user } = await new UserApi(configuration()).userSnapshot()
    expect(user?.allocation?.status.cloud).toBe('RUNNING')
    expect(user?.allocation?.user).toBe(user?.id)
  })

  it('signs out: /user answers no user and the user stream says so with null', async () => {
    const frames = await openUserStream()
    await frames.next()
    const users = await new OSApi(configuration()).signOutOfOS()
    expect(users.iterable).toEqual([])
    expect(await frames.next()).toBeNull()
    const answer = await fetch(`${mock.baseUrl}/user`).then((response) => response.json())
    expect(answer).toEqual({})
    expect(checkModel(answer, 'ReturnedUserProfile')).toEqual([])
  })

  it('signs the same user in again, and the user stream sends them', async () => {
    const before = (await new UserApi(configuration()).userSnapshot()).user!
    await new OSApi(configuration()).signOutOfOS()
    const frames = await openUserStream()
    const { value } = await callAndCheck(new OSApi(configuration()).signIntoOSRaw(), 'UserProfile', UserProfileToJSON)
    expect(value.id).toBe(before.id)
    const frame = await frames.next((next) => next !== null)
    expect(frame?.id).toBe(before.id)
    expect((await new UserApi(configuration()).userSnapshot()).user?.id).toBe(before.id)
  })

  it('starts signed out in the signed-out scenario, and signing in answers the user', async () => {
    await useScenario('signed-out')
    expect((await new UserApi(configuration()).userSnapshot()).user).toBeUndefined()
    expect((await new OSApi(configuration()).signIntoOS()).name).toBe('Ada Lovelace')
  })

  it('disconnects and reconnects the cloud, streaming each status', async () => {
    const frames = await openUserStream()
    await frames.next()
    const user = (await new UserApi(configuration()).userSnapshot()).user!
    const allocations = new AllocationsApi(configuration())
    const id = await allocations.allocationsDisconnectCloud({ allocationCloud: user.allocation! })
    expect(id).toBe(user.allocation!.id)
    expect((await frames.next())?.allocation?.status.cloud).toBe('DISCONNECTED')
    const { value } = await callAndCheck(
      allocations.allocationsConnectNewCloudRaw({ userProfile: user }),
      'AllocationCloud',
      AllocationCloudToJSON,
    )
    expect(value).toMatchObject({ id: user.allocation!.id, status: { cloud: 'RUNNING' } })
    expect((await frames.next())?.allocation?.status.cloud).toBe('RUNNING')
  })

  it('starts with the cloud disconnected in the cloud-disconnected scenario', async () => {
    await useScenario('cloud-disconnected')
    const { user } = await new UserApi(configuration()).userSnapshot()
    expect(user?.allocation?.status.cloud).toBe('DISCONNECTED')
    expect(user?.allocation?.urls.id.status).toBe('DISCONNECTED')
  })

  it("refuses to disconnect another user's cloud, and changes nothing", async () => {
    const user = (await new UserApi(configuration()).userSnapshot()).user!
    const refused = await failure(
      new AllocationsApi(configuration()).allocationsDisconnectCloud({
        allocationCloud: { ...user.allocation!, id: 'someone-elses-cloud' },
      }),
    )
    expect(refused).toMatchObject({ status: 500 })
    expect(refused.text).toContain('someone-elses-cloud')
    expect((await new UserApi(configuration()).userSnapshot()).user?.allocation?.status.cloud).toBe('RUNNING')
  })

  it('refuses to connect a cloud while no one is signed in', async () => {
    await new OSApi(configuration()).signOutOfOS()
    const refused = await failure(new AllocationsApi(configuration()).allocationsConnectNewCloud({}))
    expect(refused.status).toBe(500)
    expect(refused.text).toContain('Sign in first')
  })
})

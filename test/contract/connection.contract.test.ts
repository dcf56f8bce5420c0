import {
  ApplicationToJSON,
  ApplicationsApi,
  ApplicationsToJSON,
  Configuration,
  ConnectorApi,
  ContextToJSON,
  ModelApi,
  ModelToJSON,
  ModelsApi,
  ModelsToJSON,
  ReturnedUserProfileToJSON,
  UserApi,
  UserProfileToJSON,
  UsersApi,
  UsersToJSON,
  WellKnownApi,
} from '@pieces.app/pieces-os-client'
import { createMockService } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { startStandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

const VS_CODE = { name: 'VS_CODE', version: '2.4.0', platform: 'MACOS' } as const
const NEW_CONNECTOR = { name: 'OBSIDIAN', version: '1.7.3', platform: 'LINUX' } as const
const PHI = '0de10000-0000-4000-8000-000000000006'
const LLAMA = '0de10000-0000-4000-8000-000000000005'
const GPT_4O = '0de10000-0000-4000-8000-000000000001'

/** The Python SDK's range of compatible service versions: >=12.0.0 <13.0.0. */
const COMPATIBLE = /^12\.\d+\.\d+$/

describe.each(runtimes)(
  'connecting, the signed-in user and the models through the official client, $name',
  ({ start }) => {
    let mock: ContractRuntime
    const configuration = () => new Configuration({ basePath: mock.baseUrl })

    beforeAll(async () => {
      mock = await start()
    })
    afterEach(() => mock.reset())
    afterAll(() => mock.close())

    describe('connect and discovery', () => {
      it('registers a new application on POST /connect and answers the Context of the service', async () => {
        const connector = new ConnectorApi(configuration())
        const { value, json } = await callAndCheck(
          connector.connectRaw({ seededConnectorConnection: { application: NEW_CONNECTOR } }),
          'Context',
          ContextToJSON,
        )
        expect(value.application).toMatchObject({ ...NEW_CONNECTOR, onboarded: false, privacy: 'OPEN' })
        expect(value.health.os.version).toMatch(COMPATIBLE)
        expect(value.os).toBe(value.health.os.id)
        expect(value.user?.name).toBe('Ada Lovelace')
        expect(mock.store.get('application', value.application.id)).toMatchObject(NEW_CONNECTOR)
        expect(json).not.toHaveProperty('schema')
      })

      it('hands a connector that connected before the same application again', async () => {
        const connector = new ConnectorApi(configuration())
        const first = await connector.connect({ seededConnectorConnection: { application: NEW_CONNECTOR } })
        const again = await connector.connect({ seededConnectorConnection: { application: NEW_CONNECTOR } })
        expect(again.application.id).toBe(first.application.id)
        const known = await connector.connect({ seededConnectorConnection: { application: VS_CODE } })
        expect(known.application.id).toBe('0a990000-0000-4000-8000-000000000002')
        expect([...mock.store.all('application')].filter((app) => app.name === NEW_CONNECTOR.name)).toHaveLength(1)
      })

      it('lists the connected applications on GET /applications and reads one on GET /applications/{id}', async () => {
        const connector = new ConnectorApi(configuration())
        const { application } = await connector.connect({ seededConnectorConnection: { application: NEW_CONNECTOR } })
        const applications = new ApplicationsApi(configuration())
        const { value } = await callAndCheck(applications.applicationsSnapshotRaw(), 'Applications', ApplicationsToJSON)
        expect(value.iterable.map((app) => app.name)).toEqual([
          'OPEN_SOURCE',
          'PIECES_FOR_DEVELOPERS',
          'VS_CODE',
          'OBSIDIAN',
        ])
        const { value: one } = await callAndCheck(
          applications.applicationsSpecificApplicationSnapshotRaw({ application: application.id }),
          'Application',
          ApplicationToJSON,
        )
        expect(one).toEqual(application)
        expect(
          await failure(applications.applicationsSpecificApplicationSnapshot({ application: 'no-such-app' })),
        ).toMatchObject({
          status: 500,
          text: 'No application with id "no-such-app" exists.',
        })
      })

      it('answers GET /.well-known/version with a version the official clients accept', async () => {
        const version = await new WellKnownApi(configuration()).getWellKnownVersion()
        expect(version).toBe('12.3.0')
        expect(version).toMatch(COMPATIBLE)
      })
    })

    describe('the signed-in user', () => {
      it('answers GET /user with the fixtures user as a ReturnedUserProfile', async () => {
        const { value } = await callAndCheck(
          new UserApi(configuration()).userSnapshotRaw(),
          'ReturnedUserProfile',
          ReturnedUserProfileToJSON,
        )
        expect(value.user).toMatchObject({
          id: '05e40000-0000-4000-8000-000000000001',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
        })
        expect(value.user!.aesthetics.theme.dark).toBe(true)
      })

      it('answers a ReturnedUserProfile without a user once no user is signed in', async () => {
        await mock.store.write((tx) => tx.remove('user', '05e40000-0000-4000-8000-000000000001'))
        const { json } = await callAndCheck(
          new UserApi(configuration()).userSnapshotRaw(),
          'ReturnedUserProfile',
          ReturnedUserProfileToJSON,
        )
        expect(json).toEqual({})
        const connected = await new ConnectorApi(configuration()).connectRaw({
          seededConnectorConnection: { application: VS_CODE },
        })
        expect(await connected.raw.json()).not.toHaveProperty('user')
      })

      it('lists the users on GET /users and reads one on GET /users/{id}', async () => {
        const users = new UsersApi(configuration())
        const { value } = await callAndCheck(users.usersSnapshotRaw(), 'Users', UsersToJSON)
        expect(value.iterable!.map((user) => user.id)).toEqual(['05e40000-0000-4000-8000-000000000001'])
        const { value: one } = await callAndCheck(
          users.usersSpecificUserSnapshotRaw({ user: '05e40000-0000-4000-8000-000000000001' }),
          'UserProfile',
          UserProfileToJSON,
        )
        expect(one).toEqual(value.iterable![0])
        expect(await failure(users.usersSpecificUserSnapshot({ user: 'nobody' }))).toMatchObject({ status: 500 })
      })

      it('changes the profile on POST /user/update, and GET /user shows the change', async () => {
        const api = new UserApi(configuration())
        const { user } = await api.userSnapshot()
        const { value } = await callAndCheck(
          api.updateUserRaw({
            userProfile: { ...user!, name: 'Ada King', aesthetics: { theme: { dark: false }, font: { size: 16 } } },
          }),
          'UserProfile',
          UserProfileToJSON,
        )
        expect(value).toMatchObject({ name: 'Ada King', aesthetics: { theme: { dark: false }, font: { size: 16 } } })
        expect(value.updated!.value.getTime()).toBeGreaterThan(user!.updated!.value.getTime())
        expect((await api.userSnapshot()).user).toEqual(value)
      })
    })

    describe('models', () => {
      it('lists cloud and local models on GET /models, as the copilot clients pick them', async () => {
        const { value } = await callAndCheck(new ModelsApi(configuration()).modelsSnapshotRaw(), 'Models', ModelsToJSON)
        const byName = new Map(value.iterable.map((model) => [model.name, model]))
        expect(byName.get('GPT-4o Chat Model')).toMatchObject({ cloud: true, provider: 'OPENAI', unique: 'gpt-4o' })
        expect(byName.get('GPT-3.5-turbo Chat Model')).toMatchObject({ cloud: true, foundation: 'GPT_3.5' })
        expect(value.iterable.find((model) => model.unique === 'o4-mini-2025-04-16')).toMatchObject({ cloud: true })
        expect(value.iterable.find((model) => model.unique === 'gemini-2.0-flash-lite-001')).toMatchObject({
          provider: 'GOOGLE',
        })
        const local = value.iterable.filter((model) => !model.cloud)
        // One local model ready to run; the others wait to be downloaded.
        expect(local.filter((model) => model.downloaded).map((model) => model.name)).toEqual(['Llama-3 8B Chat Model'])
        expect(local.length).toBeGreaterThan(1)
        // The Python SDK's choice: a model is offered when it is in the cloud or downloaded; every cloud model is.
        const offered = value.iterable.filter((model) => model.cloud || model.downloaded)
        expect(offered).toHaveLength(value.iterable.filter((model) => model.cloud).length + 1)
      })

      it('reads one model on GET /model/{id}, and answers 410 for an unknown one', async () => {
        const api = new ModelApi(configuration())
        const { value } = await callAndCheck(api.modelsSpecificModelSnapshotRaw({ model: LLAMA }), 'Model', ModelToJSON)
        expect(value).toMatchObject({
          name: 'Llama-3 8B Chat Model',
          downloaded: true,
          loaded: false,
          bytes: { value: 4920000000, readable: '4.92 GB' },
        })
        expect(await failure(api.modelsSpecificModelSnapshot({ model: 'no-model' }))).toMatchObject({
          status: 410,
          text: 'Model was not found.',
        })
      })

      it('downloads a local model, then loads and unloads it', async () => {
        const api = new ModelApi(configuration())
        expect(await failure(api.modelSpecificModelLoad({ model: PHI }))).toMatchObject({ status: 500 })
        const { value: started } = await callAndCheck(
          api.modelSpecificModelDownloadRaw({ model: PHI }),
          'Model',
          ModelToJSON,
        )
        expect(started).toMatchObject({ downloaded: false, downloading: true, loaded: false })
        // The download completes in steps; the store hears the last one.
        await new Promise<void>((resolve) => {
          const done = () => mock.store.get('model', PHI)?.downloaded === true
          if (done()) return resolve()
          const stop = mock.store.subscribe(() => {
            if (done()) resolve(stop())
          })
        })
        expect(await api.modelsSpecificModelSnapshot({ model: PHI })).toMatchObject({
          downloaded: true,
          downloading: false,
        })
        const { value: loaded } = await callAndCheck(
          api.modelSpecificModelLoadRaw({ model: PHI }),
          'Model',
          ModelToJSON,
        )
        expect(loaded.loaded).toBe(true)
        expect((await api.modelsSpecificModelSnapshot({ model: PHI })).loaded).toBe(true)
        const { value: unloaded } = await callAndCheck(
          api.modelSpecificModelUnloadRaw({ model: PHI }),
          'Model',
          ModelToJSON,
        )
        expect(unloaded.loaded).toBe(false)
        await api.modelSpecificModelLoad({ model: LLAMA })
        await new ModelsApi(configuration()).unloadModels()
        expect((await api.modelsSpecificModelSnapshot({ model: LLAMA })).loaded).toBe(false)
      })

      it('creates a custom model once, updates it and deletes it (410 after); the service models cannot be changed', async () => {
        const models = new ModelsApi(configuration())
        const api = new ModelApi(configuration())
        const seededModel = {
          version: '1.0.0',
          created: { value: new Date('2024-06-01T00:00:00.000Z') },
          name: 'Team Fine-tune',
          cloud: true,
          type: 'BALANCED' as const,
          usage: 'CODE_CONVERSATION' as const,
          unique: 'team-fine-tune-1',
        }
        const { value: created } = await callAndCheck(
          models.modelsCreateNewModelRaw({ seededModel }),
          'Model',
          ModelToJSON,
        )
        expect(created).toMatchObject({ name: 'Team Fine-tune', custom: true, downloaded: false })
        expect(created.created.value.toISOString()).toBe('2024-06-01T00:00:00.000Z')
        expect((await models.modelsCreateNewModel({ seededModel })).id).toBe(created.id)

        const { value: updated } = await callAndCheck(
          api.modelUpdateRaw({ model: { ...created, name: 'Team Fine-tune v2' } }),
          'Model',
          ModelToJSON,
        )
        expect(updated.name).toBe('Team Fine-tune v2')
        const gpt = await api.modelsSpecificModelSnapshot({ model: GPT_4O })
        expect(await failure(api.modelUpdate({ model: { ...gpt, name: 'Renamed' } }))).toMatchObject({ status: 500 })
        expect(await failure(models.modelsDeleteSpecificModel({ model: GPT_4O }))).toMatchObject({ status: 500 })

        const deleted = await models.modelsDeleteSpecificModelRaw({ model: created.id })
        expect(deleted.raw.status).toBe(204)
        expect(await failure(api.modelsSpecificModelSnapshot({ model: created.id }))).toMatchObject({
          status: 410,
          text: 'Model was not found.',
        })
      })
    })
  },
)

describe('the version the service answers with', () => {
  it('is the version option, on GET /.well-known/version and in the Context of POST /connect, on both runtimes', async () => {
    const check = async (baseUrl: string, version: string) => {
      const configuration = new Configuration({ basePath: baseUrl })
      expect(await new WellKnownApi(configuration).getWellKnownVersion()).toBe(version)
      const context = await new ConnectorApi(configuration).connect({
        seededConnectorConnection: { application: VS_CODE },
      })
      expect(context.health.os.version).toBe(version)
    }
    // One at a time: while the in-process mock listens, MSW intercepts every request of this process.
    const inProcess = setupMockServer({ version: '12.9.1-beta.2' })
    await inProcess.listen()
    try {
      await check(inProcess.baseUrl, '12.9.1-beta.2')
    } finally {
      inProcess.close()
    }
    const standalone = await startStandaloneServer({ port: 0, version: '11.0.0' })
    try {
      await check(standalone.url, '11.0.0')
    } finally {
      await standalone.close()
    }
  })

  it('refuses a version option that is not a version string, saying how to fix it', () => {
    expect(() => createMockService({ version: '12 .3' })).toThrow(
      /^Failed to create the mock service: version "12 \.3" is not a version string\. Pass one such as "12\.3\.0"/,
    )
  })
})

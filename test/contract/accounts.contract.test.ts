import {
  AllocationApi,
  AllocationCloudToJSON,
  AllocationsApi,
  ApplicationsApi,
  Configuration,
  CreatedExternalProviderApiKeyToJSON,
  DiscoveredRelatedTagsToJSON,
  DiscoveredSensitivesToJSON,
  DiscoveredHtmlWebpagesToJSON,
  DiscoveryApi,
  DistributionApi,
  DistributionsApi,
  DistributionToJSON,
  ExternalProviderApi,
  SessionToJSON,
  UserApi,
  UserBetaStatusToJSON,
  UsersApi,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/*
 * The account parts through the official client: users, application
 * sessions, clouds, distributions, provider keys (kept redacted) and discovery.
 */

const SECRET_KEY = 'sk-contract-abcdefghijklmnopqrstuvwxyz0123456789WXYZ'

describe.each(runtimes)('the account parts through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  const configuration = () => new Configuration({ basePath: mock.baseUrl })
  const ada = () => [...mock.store.all('user')][0]!

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('selects, refreshes, clears and disconnects users, and sets their beta status and vanity name', async () => {
    const user = new UserApi(configuration())
    await user.clearUser()
    expect((await user.userSnapshot()).user).toBeUndefined()
    expect((await failure(user.refreshUser())).text).toMatch(/No user is signed in/)
    expect((await user.selectUser({ auth0User: { email: 'ada@example.com' } })).id).toBe(ada().id)
    expect((await user.refreshUser()).name).toBe('Ada Lovelace')
    const beta = await callAndCheck(
      user.userBetaStatusRaw({ userBetaStatus: { user: ada().id, auth0: { vision: { continuous: true } } } }),
      'UserBetaStatus',
      UserBetaStatusToJSON,
    )
    expect(beta.value.auth0?.vision?.continuous).toBe(true)
    const renamed = await user.userUpdateVanity({
      userProfile: { ...(await user.refreshUser()), vanityname: 'countess' },
    })
    expect(renamed.vanityname).toBe('countess')
    expect(
      (await failure(user.userUpdateVanity({ userProfile: { ...renamed, vanityname: 'Not Valid!' } }))).status,
    ).toBe(500)
    const users = await new UsersApi(configuration()).usersDisconnectUser({ user: ada().id })
    expect(users.iterable?.[0]?.id).toBe(ada().id)
    expect((await user.userProviders()).user).toBeUndefined()
  })

  it('lists the users in the accounts view of the control plane, who is signed in first', async () => {
    type Shown = { id: string; name?: string; signedIn: boolean }
    const view = async () =>
      (
        (await fetch(`${mock.baseUrl}/__mock/machine/accounts`).then((response) => response.json())) as {
          users: Shown[]
        }
      ).users
    const user = new UserApi(configuration())
    await user.clearUser()
    expect((await view()).some((shown) => shown.signedIn)).toBe(false)
    await user.selectUser({ auth0User: { email: 'ada@example.com' } })
    expect((await view())[0]).toMatchObject({ id: ada().id, name: 'Ada Lovelace', signedIn: true })
  })

  it('opens and closes application sessions, refusing to close one twice', async () => {
    const applications = new ApplicationsApi(configuration())
    const opened = await callAndCheck(applications.applicationsSessionOpenRaw(), 'Session', SessionToJSON)
    expect(opened.value.closed).toBeUndefined()
    const closed = await callAndCheck(
      applications.applicationsSessionCloseRaw({ body: opened.value.id }),
      'Session',
      SessionToJSON,
    )
    expect(closed.value.closed).toBeDefined()
    expect((await failure(applications.applicationsSessionClose({ body: opened.value.id }))).text).toMatch(
      /already closed/,
    )
    const all = await applications.applicationsBulkUpdateApplicationCapabilities({
      applicationsBulkUpdateCapabilitiesInput: { capabilities: 'CLOUD' },
    })
    expect(all.iterable.every((application) => application.capabilities === 'CLOUD')).toBe(true)
    expect((await applications.applicationsExternalSnapshot()).iterable.map((app) => app.name)).toContain('Slack')
    expect((await applications.applicationsExternalRelated()).iterable.map((app) => app.name)).not.toContain('Slack')
  })

  it('detects the applications the control plane says the machine has, and refuses a list too long', async () => {
    const set = (body: unknown) =>
      fetch(`${mock.baseUrl}/__mock/machine/accounts/external-applications`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      })
    const answer = await set([{ name: 'Zed', version: '0.160.0' }, { name: 'PyCharm' }])
    expect(answer.status).toBe(200)
    await answer.text()
    const applications = new ApplicationsApi(configuration())
    expect((await applications.applicationsExternalSnapshot()).iterable.map((app) => app.name)).toEqual([
      'Zed',
      'PyCharm',
    ])
    expect((await applications.applicationsExternalRelated()).iterable.map((app) => app.name)).toEqual(['PyCharm'])
    const refused = await set(Array.from({ length: 101 }, (_, index) => ({ name: `App ${index}` })))
    expect(refused.status).toBe(400)
    expect(await refused.text()).toMatch(/^Failed to set the external applications/)
    const view = (await fetch(`${mock.baseUrl}/__mock/machine/accounts`).then((response) => response.json())) as {
      applications: { external: unknown[] }
    }
    expect(view.applications.external).toHaveLength(2)
  })

  it('walks a cloud through delete → create (PENDING) → connect → disconnect → reconnect, and reads each state', async () => {
    const allocations = new AllocationsApi(configuration())
    const [cloud] = (await allocations.allocationsSnapshot()).iterable
    expect(await allocations.allocationsDeleteAllocation({ allocationCloud: cloud! })).toBe(cloud!.id)
    expect((await allocations.allocationsSnapshot()).iterable).toEqual([])
    const created = await callAndCheck(
      allocations.allocationsCreateNewAllocationRaw({ allocationCloud: { ...cloud!, user: ada().id } }),
      'AllocationCloud',
      AllocationCloudToJSON,
    )
    expect(created.value.status.cloud).toBe('PENDING')
    await allocations.allocationsConnectNewCloud()
    await allocations.allocationsDisconnectCloud({ allocationCloud: created.value })
    const one = new AllocationApi(configuration())
    expect((await one.allocationSnapshot({ allocation: created.value.id })).status.cloud).toBe('DISCONNECTED')
    expect((await allocations.allocationsReconnectCloud({ allocationCloud: created.value })).status.cloud).toBe(
      'RUNNING',
    )
    expect((await one.allocationUpdate({ allocationCloud: { ...created.value, version: '4.0.0' } })).version).toBe(
      '4.0.0',
    )
    expect((await failure(one.allocationSnapshot({ allocation: cloud!.id }))).text).toMatch(/No cloud allocation/)
  })

  it('creates, updates and deletes a distribution of the newest share', async () => {
    const distributions = new DistributionsApi(configuration())
    const created = await callAndCheck(
      distributions.distributionsCreateNewDistributionRaw({
        seededDistribution: { github: { gist: { _public: false, name: 'debounce.ts' } } },
      }),
      'Distribution',
      DistributionToJSON,
    )
    expect(created.value.github?.gist?.url).toMatch(/^https:\/\/gist\.github\.com\//)
    const one = new DistributionApi(configuration())
    const updated = await one.distributionUpdate({
      distribution: { ...created.value, mailgun: { recipients: { iterable: [{ email: 'grace@example.com' }] } } },
    })
    expect(updated.mailgun?.recipients.iterable[0]?.email).toBe('grace@example.com')
    expect((await distributions.distributionsSnapshot()).iterable).toHaveLength(2)
    await distributions.distributionsDeleteSpecificDistribution({ distribution: created.value.id })
    expect(
      (await failure(one.distributionsSpecificDistributionSnapshot({ distribution: created.value.id }))).text,
    ).toMatch(/No distribution/)
  })

  it('keeps an external provider key redacted in every answer, the journal and the snapshot', async () => {
    const keys = new ExternalProviderApi(configuration())
    const created = await callAndCheck(
      keys.externalProviderApiKeyCreateRaw({
        precreatedExternalProviderApiKey: { user: ada().id, openAI: { apiKey: SECRET_KEY, apiKeyName: 'Mine' } },
      }),
      'CreatedExternalProviderApiKey',
      CreatedExternalProviderApiKeyToJSON,
    )
    expect(created.value.metadata.openAI?.apiKey).toBe('[redacted]…WXYZ')
    const updated = await keys.externalProviderApiKeyUpdate({
      preupdatedExternalProviderApiKey: { user: ada().id, openAI: { apiKeyName: 'Renamed' } },
    })
    expect(updated.metadata.openAI?.apiKeyName).toBe('Renamed')
    const journal = await fetch(`${mock.baseUrl}/__mock/journal`).then((response) => response.text())
    const state = await fetch(`${mock.baseUrl}/__mock/state`).then((response) => response.text())
    expect(journal).toContain('externalProviderApiKeyCreate')
    for (const text of [journal, state, JSON.stringify(mock.store.snapshot())]) expect(text).not.toContain(SECRET_KEY)
    const deleted = await keys.externalProviderApiKeyDelete({
      predeletedExternalProviderApiKey: { user: ada().id, openAI: true },
    })
    expect(deleted.metadata.openAI).toBeUndefined()
    expect(
      (await failure(keys.externalProviderApiKeyDelete({ predeletedExternalProviderApiKey: { user: ada().id } }))).text,
    ).toMatch(/no OpenAI key/)
  })

  it('discovers the same secrets, code and related tags from the same request', async () => {
    const discovery = new DiscoveryApi(configuration())
    const sensitives = await callAndCheck(
      discovery.discoveryDiscoverSensitivesRaw({
        seededDiscoverableSensitives: {
          application: 'app',
          iterable: [{ asset: 'a1', text: 'aws = "AKIAABCDEFGHIJKLMNOP"' }],
        },
      }),
      'DiscoveredSensitives',
      DiscoveredSensitivesToJSON,
    )
    expect(sensitives.value.iterable.map((found) => found.seed.category)).toEqual(['ACCESS_KEY'])
    const html = await callAndCheck(
      discovery.discoveryDiscoverAssetsHtmlRaw({
        seededDiscoverableHtmlWebpages: {
          application: 'app',
          iterable: [{ url: 'https://example.com', page: '<p>x</p><pre><code>const a = 1 &lt; 2</code></pre>' }],
        },
      }),
      'DiscoveredHtmlWebpages',
      DiscoveredHtmlWebpagesToJSON,
    )
    expect(html.value.iterable[0]?.assets.iterable[0]?.fragment?.string?.raw).toBe('const a = 1 < 2')
    const request = {
      seededDiscoverableRelatedTags: { application: 'app', iterable: [{ text: 'TypeScript', asset: 'a1' }] },
    }
    const tags = await callAndCheck(
      discovery.discoveryDiscoverTagsRelatedRaw(request),
      'DiscoveredRelatedTags',
      DiscoveredRelatedTagsToJSON,
    )
    expect(tags.value.iterable.map((tag) => tag.seed.text)).toEqual(['typescript', 'javascript', 'node'])
    expect(await discovery.discoveryDiscoverTagsRelated(request)).toEqual(tags.value)
  })
})

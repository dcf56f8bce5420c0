import {
  ActiveOSServerAppletToJSON,
  AssetsApi,
  Configuration,
  ConnectorApi,
  LinkifyApi,
  ModelContextProtocolApi,
  ModelContextProtocolSchemaVersionsToJSON,
  OSApi,
  OSPermissionsToJSON,
  OSServerUpdateStatusToJSON,
  SearchApi,
  SearchedAssetsToJSON,
  SeedToJSON,
  SharesToJSON,
  SuggestionToJSON,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'

/** Posts to the control plane; the status and text of its answer. */
const control = async (baseUrl: string, path: string, body: unknown) => {
  const response = await fetch(`${baseUrl}/__mock${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })
  return { status: response.status, text: await response.text() }
}

const seed = (raw: string, ext: 'py' | 'ts' = 'py') => ({
  type: 'SEEDED_ASSET' as const,
  asset: {
    application: [] as never,
    format: { fragment: { string: { raw }, metadata: { ext } } },
  },
})

describe.each(runtimes)(
  'the OS, connector, search and share operations through the official client, $name',
  ({ start }) => {
    let mock: ContractRuntime
    let configuration: Configuration
    let os: OSApi

    beforeAll(async () => {
      mock = await start()
      configuration = new Configuration({ basePath: mock.baseUrl })
      os = new OSApi(configuration)
    })
    afterEach(() => mock.reset())
    afterAll(() => mock.close())

    const application = () => [...mock.store.all('application')][0]!
    const seededFor = (raw: string) => {
      const { id: _id, created: _c, updated: _u, ...app } = application() as Record<string, unknown>
      return { ...seed(raw), asset: { ...seed(raw).asset, application: { id: application().id, ...app } as never } }
    }
    const codeOf = (assetId: string) =>
      mock.store.get('format', mock.store.get('asset', assetId)!.original)!.fragment!.string!.raw!

    it('launches an applet on a port that stays the same for its type, and restarts it on that port', async () => {
      const { value: copilot } = await callAndCheck(
        os.osAppletLaunchRaw({ inactiveOSServerApplet: { type: 'COPILOT' } }),
        'ActiveOSServerApplet',
        ActiveOSServerAppletToJSON,
      )
      const again = await os.osAppletLaunch({ inactiveOSServerApplet: { type: 'COPILOT' } })
      const search = await os.osAppletLaunch({ inactiveOSServerApplet: { type: 'GLOBAL_SEARCH' } })
      const restarted = await os.osAppletRestart({ inactiveOSServerApplet: { type: 'COPILOT' } })
      expect(copilot).toMatchObject({ type: 'COPILOT' })
      expect(copilot.port).toBeGreaterThan(1024)
      expect(again.port).toBe(copilot.port)
      expect(restarted.port).toBe(copilot.port)
      expect(search.port).not.toBe(copilot.port)
    })

    it('refuses to launch the unknown applet module, naming the field', async () => {
      const refused = await failure(os.osAppletLaunch({ inactiveOSServerApplet: { type: 'UNKNOWN_APPLET_MODULE' } }))
      expect(refused.status).toBe(500)
      expect(refused.text).toContain('type')
    })

    it('reports permissions granted by default, and what a test withdrew until the client requests it', async () => {
      const { value } = await callAndCheck(os.osPermissionsRaw(), 'OSPermissions', OSPermissionsToJSON)
      expect(value.processing).toEqual({ vision: true, accessibility: true })
      expect((await control(mock.baseUrl, '/os/permissions', { vision: false })).status).toBe(200)
      expect((await os.osPermissions()).processing).toEqual({ vision: false, accessibility: true })
      const { value: granted } = await callAndCheck(
        os.osPermissionsRequestRaw({ oSPermissions: { processing: { vision: true } } }),
        'OSPermissions',
        OSPermissionsToJSON,
      )
      expect(granted.processing).toEqual({ vision: true, accessibility: true })
      expect((await os.osPermissions()).processing?.vision).toBe(true)
    })

    it('answers up to date by default, and the update status a test sets from the control plane', async () => {
      const { value } = await callAndCheck(
        os.osUpdateCheckRaw({ uncheckedOSServerUpdate: {} }),
        'OSServerUpdateStatus',
        OSServerUpdateStatusToJSON,
      )
      expect(value.status).toBe('UP_TO_DATE')
      expect((await control(mock.baseUrl, '/os/update', { status: 'DOWNLOADING', percentage: 40 })).status).toBe(200)
      expect(await os.osUpdateCheck({ uncheckedOSServerUpdate: {} })).toMatchObject({
        status: 'DOWNLOADING',
        percentage: 40,
      })
      const bad = await control(mock.baseUrl, '/os/update', { status: 'SOON' })
      expect(bad.status).toBe(400)
      expect(bad.text).toContain('status')
      expect((await os.osUpdateCheck({ uncheckedOSServerUpdate: {} })).status).toBe('DOWNLOADING')
    })

    it('answers nothing picked by default, and the paths a test scripted for the file and folder pickers', async () => {
      expect(await os.osFilesystemPickFiles({ filePickerInput: {} })).toEqual([])
      await control(mock.baseUrl, '/os/pickers/files', [['/home/ada/notes.md', '/home/ada/app.ts']])
      await control(mock.baseUrl, '/os/pickers/folders', [['/home/ada/project']])
      expect(
        await os.osFilesystemPickFiles({ filePickerInput: { allowedExtensions: ['ts'], allowMultiple: true } }),
      ).toEqual(['/home/ada/app.ts'])
      expect(await os.osFilesystemPickFolders()).toEqual(['/home/ada/project'])
      expect(await os.osFilesystemPickFolders()).toEqual([])
      const tooMany = await control(
        mock.baseUrl,
        '/os/pickers/files',
        Array.from({ length: 101 }, () => ['/a.ts']),
      )
      expect(tooMany.status).toBe(400)
      expect(await os.osFilesystemPickFiles({ filePickerInput: {} })).toEqual([])
    })

    it('keeps every record and keeps answering HTTP across a restart and a termination', async () => {
      const before = JSON.stringify(mock.store.snapshot().records)
      await os.osRestart()
      await os.osTerminate()
      expect(JSON.stringify(mock.store.snapshot().records)).toBe(before)
      expect((await os.osPermissions()).processing?.vision).toBe(true)
    })

    it('lists the MCP schema versions the service speaks', async () => {
      const { value } = await callAndCheck(
        new ModelContextProtocolApi(configuration).modelContextProtocolSchemaVersionsRaw(),
        'ModelContextProtocolSchemaVersions',
        ModelContextProtocolSchemaVersionsToJSON,
      )
      expect(value.iterable.map((entry) => entry.version)).toEqual(['2024-11-05', '2025-03-26'])
    })

    it('drafts an asset from a seed with its name and classification, and stores nothing', async () => {
      const before = mock.store.count('asset')
      const { value } = await callAndCheck(
        new AssetsApi(configuration).assetsDraftRaw({ seed: seededFor('def add(a, b):\n    return a + b\n') }),
        'Seed',
        SeedToJSON,
      )
      expect(value.asset?.format.classification).toMatchObject({ generic: 'CODE', specific: 'py' })
      expect(value.asset?.metadata?.name).toBeTruthy()
      expect(mock.store.count('asset')).toBe(before)
    })

    it('marks the application onboarded', async () => {
      const app = application()
      const answer = await new ConnectorApi(configuration).onboarded({ application: app.id, body: true })
      expect(answer).toBe('true')
      expect(mock.store.get('application', app.id)!.onboarded).toBe(true)
    })

    it('refuses an onboarded body that is no boolean, and leaves the application as it was', async () => {
      const app = application()
      const response = await fetch(`${mock.baseUrl}/${app.id}/onboarded`, {
        method: 'POST',
        body: '"yes"',
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(500)
      expect(await response.text()).toMatch(/^Invalid boolean body/)
      expect(mock.store.get('application', app.id)).toEqual(app)
    })

    it('suggests reusing the stored assets that hold copied code, and saving code no asset holds', async () => {
      const connector = new ConnectorApi(configuration)
      const asset = [...mock.store.all('asset')][0]!
      const copied = codeOf(asset.id)
      const { value } = await callAndCheck(
        connector.suggestRaw({
          application: application().id,
          seededConnectorCreation: { asset: { format: { fragment: { string: { raw: copied } } } } },
        }),
        'Suggestion',
        SuggestionToJSON,
      )
      expect(value.reuse.suggested).toBe(true)
      expect(value.reuse.assets.iterable.map((entry) => entry.id)).toContain(asset.id)
      expect(value.save.suggested).toBe(false)
      const fresh = await connector.suggest({
        application: application().id,
        seededConnectorCreation: { asset: { format: { fragment: { string: { raw: 'zq_never_stored()' } } } } },
      })
      expect(fresh.reuse.suggested).toBe(false)
      expect(fresh.save.suggested).toBe(true)
      const id = await connector.intention({
        application: application().id,
        seededConnectorAsset: { format: { fragment: { string: { raw: 'zq_never_stored()' } } } },
      })
      expect(id).toMatch(/^intention-/)
    })

    it('shares an asset once: linkifying it again answers the same link, kept on the asset', async () => {
      const linkify = new LinkifyApi(configuration)
      const asset = [...mock.store.all('asset')][0]!
      const { value } = await callAndCheck(
        linkify.linkifyRaw({ linkify: { access: 'PUBLIC', asset: { id: asset.id } as never } }),
        'Shares',
        SharesToJSON,
      )
      const again = await linkify.linkify({ linkify: { access: 'PUBLIC', asset: { id: asset.id } as never } })
      expect(value.iterable).toHaveLength(1)
      expect(value.iterable[0]!.link).toMatch(/^https:\/\//)
      expect(again.iterable.map((share) => share.link)).toEqual([value.iterable[0]!.link])
      const read = await new AssetsApi(configuration).assetsSpecificAssetSnapshot({ asset: asset.id })
      expect(read.shares?.iterable.map((share) => share.link)).toEqual([value.iterable[0]!.link])
    })

    it('saves a seed and shares it in one linkify call', async () => {
      const before = mock.store.count('asset')
      const shares = await new LinkifyApi(configuration).linkify({
        linkify: { access: 'PUBLIC', seed: seededFor('console.log("shared")') },
      })
      expect(mock.store.count('asset')).toBe(before + 1)
      const share = mock.store.get('share', shares.iterable[0]!.id)!
      expect(mock.store.get('asset', share.assets[0]!)!.shares).toEqual([share.id])
    })

    it('refuses to share an asset that does not exist, and stores nothing', async () => {
      const before = JSON.stringify(mock.store.snapshot().records)
      const refused = await failure(
        new LinkifyApi(configuration).linkify({
          linkify: { access: 'PUBLIC', asset: { id: 'no-such-asset' } as never },
        }),
      )
      expect(refused.status).toBe(500)
      expect(refused.text).toBe('No asset with id "no-such-asset" exists.')
      expect(JSON.stringify(mock.store.snapshot().records)).toBe(before)
    })

    it('finds code by full text search with its asset, exact matches first', async () => {
      const asset = [...mock.store.all('asset')][0]!
      const line = codeOf(asset.id)
        .split('\n')
        .find((candidate) => candidate.trim().length > 12)!
        .trim()
      const { value } = await callAndCheck(
        new SearchApi(configuration).fullTextSearchRaw({ query: line }),
        'SearchedAssets',
        SearchedAssetsToJSON,
      )
      const hit = value.iterable.find((entry) => entry.identifier === asset.id)!
      expect(hit).toMatchObject({ match: 'CONTENT' })
      expect(hit.asset?.id).toBe(asset.id)
      const scores = value.iterable.map((entry) => entry.score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
    })

    it('ranks neural code search results by how much of the query each asset holds, ids only', async () => {
      const asset = [...mock.store.all('asset')][0]!
      const { value } = await callAndCheck(
        new SearchApi(configuration).neuralCodeSearchRaw({ query: `${asset.name} zzqqunmatched` }),
        'SearchedAssets',
        SearchedAssetsToJSON,
      )
      expect(value.iterable.map((entry) => entry.identifier)).toContain(asset.id)
      expect(value.iterable.every((entry) => entry.asset === undefined)).toBe(true)
      const scores = value.iterable.map((entry) => entry.score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
      expect((await failure(new SearchApi(configuration).neuralCodeSearch({}))).status).toBe(500)
    })
  },
)

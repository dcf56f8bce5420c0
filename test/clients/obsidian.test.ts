import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'
import { clientReplay, firstWordOf, type ClientReplay } from './replay.js'

/*
 * The Obsidian plugin (pieces-app/obsidian-pieces 2.0.1, published as a
 * bundle): onload's version check, capabilities update, connect, the
 * applications and assets streams with the reads they trigger, the first-run
 * activity, and the views and actions that call the service: the applets,
 * save, draft, share, login, search and the update check.
 */

type Json = Record<string, unknown>
const OBSIDIAN = { name: 'OBSIDIAN', version: '2.0.1', platform: 'LINUX' }

describe.each(streamRuntimes)('the Obsidian plugin, $name', ({ start }) => {
  let mock: StreamRuntime
  let plugin: ClientReplay

  /** initializePlugin + CheckVersionAndConnection: version, connect, capabilities. */
  async function load() {
    const version = await plugin.call('getWellKnownVersion', 'GET', '/.well-known/version')
    expect(version.text).toMatch(/^12\.\d+\.\d+/)
    const context = await plugin.read<{ application: Json & { id: string } }>(
      'connect',
      'POST',
      '/connect',
      'Context',
      {
        body: { application: OBSIDIAN },
      },
    )
    const updated = await plugin.read<{ capabilities: string }>(
      'applicationUpdate',
      'POST',
      '/application/update',
      'Application',
      {
        body: { ...context.application, capabilities: 'BLENDED' },
      },
    )
    expect(updated.capabilities).toBe('BLENDED')
    return context.application
  }

  beforeAll(async () => {
    mock = await start()
  })
  beforeEach(() => {
    plugin = clientReplay(mock)
  })
  afterEach(async () => {
    for (const socket of plugin.sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('loads: checks the version, connects, streams its application and every asset with its formats', async () => {
    await plugin.call('getWellKnownHealth', 'GET', '/.well-known/health')
    const application = await load()
    const apps = plugin.open<{ iterable: Array<{ application?: { id: string } }> }>('/applications/stream/identifiers')
    const listed = await apps.frames.next()
    expect(checkModel(listed, 'StreamedIdentifiers')).toEqual([])
    if (listed.iterable.some((item) => item.application?.id === application.id)) {
      await plugin.read(
        'applicationsSpecificApplicationSnapshot',
        'GET',
        `/applications/${application.id}`,
        'Application',
      )
    }
    const assets = plugin.open<{ iterable: Array<{ asset: { id: string } }> }>('/assets/stream/identifiers')
    const frame = await assets.frames.next()
    expect(frame.iterable.length).toBeGreaterThan(0)
    for (const { asset } of frame.iterable) {
      const read = await plugin.read<{ formats: { iterable?: Array<{ id: string }> } }>(
        'assetSnapshot',
        'GET',
        `/asset/${asset.id}`,
        'Asset',
        {
          query: { transferables: 'false' },
        },
      )
      for (const format of read.formats.iterable ?? []) {
        await plugin.read('formatSnapshot', 'GET', `/format/${format.id}`, 'Format', {
          query: { transferable: 'true' },
        })
      }
    }
  })

  it('records the first run as an adoption activity', async () => {
    const application = await load()
    const activity = await plugin.read<{ event: { adoption?: unknown } }>(
      'activitiesCreateNewActivity',
      'POST',
      '/activities/create',
      'Activity',
      {
        query: { transferables: 'false' },
        body: {
          application,
          mechanism: 'AUTOMATIC',
          event: {
            adoption: {
              identifier_description_pair: { adoption_install: 'the_user_has_installed_a_pieces_application' },
            },
          },
        },
      },
    )
    expect(activity.event.adoption).toBeDefined()
  })

  it('opens the Copilot, Drive and Settings views on the ports the applets answer on', async () => {
    const application = await load()
    for (const type of ['COPILOT', 'SAVED_MATERIALS', 'FUTURE_APPLET_MODULE_PLACEHOLDER_A']) {
      const applet = await plugin.read<{ port: number }>(
        'osAppletLaunch',
        'POST',
        '/os/applet/launch',
        'ActiveOSServerApplet',
        {
          body: { type, parent: application },
        },
      )
      expect(Number.isInteger(applet.port)).toBe(true)
    }
  })

  it('saves a selection, drafts one, and sends paste suggestions and code intentions', async () => {
    const application = await load()
    const seed = {
      type: 'SEEDED_ASSET',
      asset: {
        application,
        format: { fragment: { string: { raw: 'x = 1' }, metadata: { ext: 'py' } } },
        metadata: { name: 'Note' },
      },
    }
    const saved = await plugin.read<{ id: string }>('assetsCreateNewAsset', 'POST', '/assets/create', 'Asset', {
      body: seed,
    })
    const ids = await plugin.read<{ iterable: Array<{ id: string }> }>(
      'assetsIdentifiersSnapshot',
      'GET',
      '/assets/identifiers',
      'FlattenedAssets',
    )
    expect(ids.iterable.map((item) => item.id)).toContain(saved.id)
    const draft = await plugin.read<{ asset?: { format?: unknown } }>('assetsDraft', 'POST', '/assets/draft', 'Seed', {
      body: seed,
    })
    expect(draft.asset?.format).toBeDefined()
    await plugin.call('suggest', 'POST', `/${application.id}/suggestion`, { body: { seed } })
    await plugin.call('intention', 'POST', `/${application.id}/intention`, {
      body: { format: { fragment: { string: { raw: 'x = 1' }, metadata: { ext: 'py' } } } },
    })
  })

  it("saves a note to Pieces with its path and the user's annotations, and reads them back", async () => {
    const application = await load()
    const path = 'Projects/Release checklist.md'
    const saved = await plugin.read<{ id: string }>('assetsCreateNewAsset', 'POST', '/assets/create', 'Asset', {
      body: {
        type: 'SEEDED_ASSET',
        asset: {
          application,
          format: { fragment: { string: { raw: '- [ ] tag the release\n- [ ] publish the notes\n' } } },
          metadata: {
            name: 'Release checklist',
            anchors: [{ type: 'FILE', fullpath: path, name: 'Release checklist.md' }],
            annotations: [
              { type: 'DESCRIPTION', text: 'What to do before a release.' },
              { type: 'COMMENT', text: 'Ask Sam about the changelog.' },
            ],
            tags: [{ text: 'release' }],
          },
        },
      },
    })
    const read = await plugin.read<{
      name: string
      anchors?: { iterable: Array<{ id: string; points: { iterable: Array<{ reference?: { fullpath: string } }> } }> }
      annotations?: { iterable: Array<{ id: string; text: string }> }
      tags?: { iterable: Array<{ text: string }> }
    }>('assetSnapshot', 'GET', `/asset/${saved.id}`, 'Asset', { query: { transferables: 'false' } })
    expect(read.name).toBe('Release checklist')
    expect(read.anchors?.iterable.map((anchor) => anchor.points.iterable[0]?.reference?.fullpath)).toEqual([path])
    expect(read.annotations?.iterable.map((annotation) => annotation.text)).toEqual([
      'What to do before a release.',
      'Ask Sam about the changelog.',
    ])
    expect(read.tags?.iterable.map((tag) => tag.text)).toEqual(['release'])
    const anchor = await plugin.read<{ assets?: { iterable: Array<{ id: string }> } }>(
      'anchorSpecificAnchorSnapshot',
      'GET',
      `/anchor/${read.anchors!.iterable[0]!.id}`,
      'Anchor',
    )
    expect(anchor.assets?.iterable.map((linked) => linked.id)).toEqual([saved.id])
    for (const { id } of read.annotations!.iterable) {
      const annotation = await plugin.read<{ asset?: { id: string } }>(
        'annotationSpecificAnnotationSnapshot',
        'GET',
        `/annotation/${id}`,
        'Annotation',
      )
      expect(annotation.asset?.id).toBe(saved.id)
    }
  })

  it('shares a material through a running cloud, and reads it back with its public link', async () => {
    await load()
    const profile = await plugin.read<{ user?: Json & { allocation?: { status: { cloud: string } } } }>(
      'userSnapshot',
      'GET',
      '/user',
      'ReturnedUserProfile',
    )
    expect(profile.user).toBeDefined()
    if (!profile.user!.allocation) {
      const cloud = await plugin.read<{ status: { cloud: string } }>(
        'allocationsConnectNewCloud',
        'POST',
        '/allocations/connect',
        'AllocationCloud',
        {
          body: profile.user,
        },
      )
      expect(cloud.status.cloud).toBe('RUNNING')
    } else {
      expect(profile.user!.allocation.status.cloud).toBe('RUNNING')
    }
    const ids = await plugin.read<{ iterable: Array<{ id: string }> }>(
      'assetsIdentifiersSnapshot',
      'GET',
      '/assets/identifiers',
      'FlattenedAssets',
    )
    const asset = await plugin.read<Json>('assetSnapshot', 'GET', `/asset/${ids.iterable[0]!.id}`, 'Asset')
    const shares = await plugin.read<{ iterable: Array<{ link: string; access: string }> }>(
      'linkify',
      'POST',
      '/linkify',
      'Shares',
      {
        body: { asset, access: 'PUBLIC' },
      },
    )
    expect(shares.iterable[0]!.access).toBe('PUBLIC')
  })

  it('signs in and out, disconnects the cloud, and searches full text and neural code', async () => {
    await load()
    await plugin.read('signOutOfOS', 'POST', '/os/sign_out', 'Users')
    await plugin.read('signIntoOS', 'POST', '/os/sign_in', 'UserProfile')
    const user = await plugin.read<{ user?: { allocation?: Json } }>(
      'userSnapshot',
      'GET',
      '/user',
      'ReturnedUserProfile',
    )
    if (user.user?.allocation)
      await plugin.call('allocationsDisconnectCloud', 'POST', '/allocations/disconnect', { body: user.user.allocation })
    const ids = await plugin.read<{ iterable: Array<{ id: string }> }>(
      'assetsIdentifiersSnapshot',
      'GET',
      '/assets/identifiers',
      'FlattenedAssets',
    )
    const asset = await plugin.read<{ name: string }>('assetSnapshot', 'GET', `/asset/${ids.iterable[0]!.id}`, 'Asset')
    for (const [operation, path] of [
      ['fullTextSearch', '/search/full_text'],
      ['neuralCodeSearch', '/search/neural_code'],
    ] as const) {
      const found = await plugin.read<{ iterable: unknown[] }>(operation, 'GET', path, 'SearchedAssets', {
        query: { query: firstWordOf(asset.name) },
      })
      expect(found.iterable.length).toBeGreaterThan(0)
    }
  })

  it('checks for an update, is told it is up to date, and picks files and folders for context', async () => {
    await load()
    const status = await plugin.read<{ status: string }>(
      'osUpdateCheck',
      'POST',
      '/os/update/check',
      'OSServerUpdateStatus',
      { body: {} },
    )
    expect(status.status).toBe('UP_TO_DATE')
    for (const [operation, path] of [
      ['osFilesystemPickFiles', '/os/filesystem/files/pick'],
      ['osFilesystemPickFolders', '/os/filesystem/folders/pick'],
    ] as const) {
      const picked = await plugin.call(operation, 'POST', path, { body: {} })
      expect(Array.isArray(picked.body), `${operation}: ${picked.text}`).toBe(true)
    }
  })
})

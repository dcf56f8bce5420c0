import { AssetApi, AssetsApi, Configuration, type Assets } from '@pieces.app/pieces-os-client'
import { defaultFixtures } from 'conversation-asset-mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkModel } from '../contract/check-model.js'
import { streamRuntimes as runtimes, type StreamRuntime } from './stream-runtimes.js'

/*
 * The asset record streams, /assets/stream and /assets/stream/transferables, on both transports:
 * the first frame holds every live asset in full, and every write the assets it created or updated.
 */

type AssetFrame = { iterable: { id: string; name?: string; formats: { iterable: { fragment?: unknown }[] } }[] }

describe.each(runtimes)('the asset record streams, $name', ({ start }) => {
  let mock: StreamRuntime
  let assets: AssetsApi
  let asset: AssetApi
  const open: Array<{ close(): void }> = []

  beforeAll(async () => {
    mock = await start()
    const configuration = new Configuration({ basePath: mock.baseUrl })
    assets = new AssetsApi(configuration)
    asset = new AssetApi(configuration)
  })
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  const connect = (stream: 'assetRecords' | 'assetRecordsWithTransferables') => {
    const client = mock.open<AssetFrame>(mock.streamUrls[stream])
    open.push(client.socket)
    return client.frames
  }

  it('sends every live asset in full first, as the client reads Assets, with transferables only on /transferables', async () => {
    const plain = await connect('assetRecords').next()
    expect(checkModel(plain, 'Assets')).toEqual([])
    expect(new Set(plain.iterable.map(({ id }) => id))).toEqual(new Set(defaultFixtures.asset!.map(({ id }) => id)))
    const withTransferables = await connect('assetRecordsWithTransferables').next()
    expect(checkModel(withTransferables, 'Assets')).toEqual([])
    const fragments = (frame: AssetFrame) =>
      frame.iterable.flatMap((record) => record.formats.iterable).filter((format) => format.fragment !== undefined)
    expect(fragments(withTransferables).length).toBeGreaterThan(0)
    expect(fragments(plain)).toEqual([])
  })

  it('sends a created asset and an updated one in full, and nothing for a deletion', async () => {
    const frames = connect('assetRecords')
    await frames.next()
    const created = await assets.assetsCreateNewAsset({
      seed: {
        type: 'SEEDED_ASSET',
        asset: {
          application: {
            id: 'app',
            name: 'OPEN_SOURCE',
            version: '1.0.0',
            platform: 'LINUX',
            onboarded: false,
            privacy: 'OPEN',
          },
          format: { fragment: { string: { raw: 'let x = 1\n' }, metadata: { ext: 'ts' } } },
        },
      },
    })
    const onCreate = await frames.next()
    expect(onCreate.iterable.map(({ id }) => id)).toContain(created.id)
    expect(checkModel(onCreate as unknown as Assets, 'Assets')).toEqual([])
    await asset.assetUpdate({ asset: { ...created, name: 'renamed.ts' } })
    const onUpdate = await frames.next((frame) => frame.iterable.some(({ name }) => name === 'renamed.ts'))
    expect(onUpdate.iterable.find(({ id }) => id === created.id)?.name).toBe('renamed.ts')
    await assets.assetsDeleteAsset({ asset: created.id })
    await mock.reset()
    // The next frame is the whole list again after the reset: the deletion sent none of its own.
    const after = await frames.next()
    expect(new Set(after.iterable.map(({ id }) => id))).toEqual(new Set(defaultFixtures.asset!.map(({ id }) => id)))
  })
})

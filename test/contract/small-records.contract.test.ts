import {
  AnchorApi,
  AnchorPointApi,
  AnchorPointToJSON,
  AnchorPointsApi,
  AnchorPointsToJSON,
  AssetApi,
  Configuration,
  HintApi,
  HintToJSON,
  HintsApi,
  HintsToJSON,
  LinkifyApi,
  SearchedHintsToJSON,
  SearchedSensitivesToJSON,
  SensitiveApi,
  SensitiveToJSON,
  SensitivesApi,
  SensitivesToJSON,
  ShareApi,
  ShareToJSON,
  SharesApi,
  SharesToJSON,
  type Asset,
} from '@pieces.app/pieces-os-client'
import type { IdentifierFrame } from 'conversation-asset-mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'
import { callAndCheck, failure } from './client-call.js'

/*
 * Hints, sensitive findings, shares and anchor points through the official
 * client on both runtimes: each kind's whole life, from its creation with
 * its link to its deletion, read from both sides, with its identifier frames.
 */

describe.each(streamRuntimes)('hints, sensitive findings, shares and anchor points, $name', ({ start }) => {
  let mock: StreamRuntime
  let configuration: Configuration
  const open: Array<{ close(): void }> = []

  beforeAll(async () => {
    mock = await start()
    configuration = new Configuration({ basePath: mock.baseUrl })
  })
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  const firstAsset = () => [...mock.service.store.all('asset')][0]!.id
  const readAsset = async (id: string): Promise<Asset> =>
    new AssetApi(configuration).assetSnapshot({ asset: id, transferables: false })
  const connect = async (stream: 'hints' | 'sensitives' | 'anchorPoints') => {
    const client = mock.open<IdentifierFrame>(mock.streamUrls[stream])
    open.push(client.socket)
    await client.frames.next()
    return client.frames
  }

  it('creates a hint on an asset, links and unlinks it from either side, scores it, finds it and deletes it', async () => {
    const hints = new HintsApi(configuration)
    const hintApi = new HintApi(configuration)
    const asset = firstAsset()
    const frames = await connect('hints')
    const { value: hint } = await callAndCheck(
      hints.hintsCreateNewHintRaw({ seededHint: { type: 'SUGGESTED_QUERY', text: 'Where is it called?', asset } }),
      'Hint',
      HintToJSON,
    )
    expect(await frames.next()).toEqual({ iterable: [{ hint: { id: hint.id } }] })
    expect(hint.assets?.iterable?.map((item) => item.id)).toEqual([asset])
    expect((await readAsset(asset)).hints?.iterable.map((item) => item.id)).toContain(hint.id)

    const { value: updated } = await callAndCheck(
      hintApi.hintUpdateRaw({ hint: { ...hint, text: 'Who calls it?', type: 'QGPT_HINT' } }),
      'Hint',
      HintToJSON,
    )
    expect(updated).toMatchObject({ text: 'Who calls it?', type: 'QGPT_HINT' })
    await hintApi.hintScoresIncrement({ hint: hint.id, seededScoreIncrement: { hint: { reuse: true } } })
    const { value: scored } = await callAndCheck(
      hintApi.hintSpecificHintSnapshotRaw({ hint: hint.id }),
      'Hint',
      HintToJSON,
    )
    expect(scored.score?.reuse).toBe(1)

    const other = [...mock.service.store.all('asset')][1]!.id
    await new AssetApi(configuration).assetAssociateHint({ asset: other, hint: hint.id })
    expect(mock.service.store.get('hint', hint.id)!.assets).toEqual([asset, other])
    await hintApi.hintDisassociateAsset({ hint: hint.id, asset: other })
    expect(mock.service.store.get('asset', other)!.hints).not.toContain(hint.id)
    expect((await readAsset(other)).hints?.indices?.[hint.id]).toBe(-1)

    const { json: list } = await callAndCheck(hints.hintsSnapshotRaw(), 'Hints', HintsToJSON)
    expect((list as { iterable: Array<{ id: string }> }).iterable[0]!.id).toBe(hint.id)
    const { json: found } = await callAndCheck(
      hints.searchHintsRaw({ searchInput: { engines: { iterable: [{ query: 'Who calls it?' }] } } }),
      'SearchedHints',
      SearchedHintsToJSON,
    )
    expect((found as { iterable: Array<{ identifier: string }> }).iterable[0]!.identifier).toBe(hint.id)

    await hints.hintsDeleteSpecificHint({ hint: hint.id })
    expect(mock.service.store.get('asset', asset)!.hints).not.toContain(hint.id)
    expect((await readAsset(asset)).hints?.indices?.[hint.id]).toBe(-1)
    expect(await failure(hintApi.hintSpecificHintSnapshot({ hint: hint.id }))).toMatchObject({ status: 410 })
    expect(await failure(hints.hintsDeleteSpecificHint({ hint: hint.id }))).toMatchObject({ status: 410 })
  })

  it('keeps a sensitive finding in its asset until it or the asset is deleted', async () => {
    const sensitives = new SensitivesApi(configuration)
    const sensitiveApi = new SensitiveApi(configuration)
    const asset = firstAsset()
    const frames = await connect('sensitives')
    const { value: sensitive } = await callAndCheck(
      sensitives.sensitivesCreateNewSensitiveRaw({
        seededSensitive: {
          asset,
          text: 'sk_live_0123456789',
          category: 'API_KEY',
          severity: 'HIGH',
          name: 'Stripe key',
          description: 'A live secret key.',
        },
      }),
      'Sensitive',
      SensitiveToJSON,
    )
    expect(await frames.next()).toEqual({ iterable: [{ sensitive: { id: sensitive.id } }] })
    expect(sensitive).toMatchObject({ asset: { id: asset }, mechanism: 'MANUAL', category: 'API_KEY' })
    expect((await readAsset(asset)).sensitives?.iterable.map((item) => item.id)).toContain(sensitive.id)

    const { value: updated } = await callAndCheck(
      sensitiveApi.updateSensitiveRaw({ sensitive: { ...sensitive, severity: 'MODERATE', interactions: 2 } }),
      'Sensitive',
      SensitiveToJSON,
    )
    expect(updated).toMatchObject({ severity: 'MODERATE', interactions: 2 })
    await sensitiveApi.sensitiveScoresIncrement({
      sensitive: sensitive.id,
      seededScoreIncrement: { sensitives: { searched: true } },
    })
    expect(mock.service.store.get('sensitive', sensitive.id)!.score.searched).toBe(1)
    await callAndCheck(sensitives.sensitivesSnapshotRaw(), 'Sensitives', SensitivesToJSON)
    const { json: found } = await callAndCheck(
      sensitives.searchSensitivesRaw({ searchInput: { engines: { iterable: [{ query: 'Stripe key' }] } } }),
      'SearchedSensitives',
      SearchedSensitivesToJSON,
    )
    expect((found as { iterable: Array<{ identifier: string }> }).iterable[0]!.identifier).toBe(sensitive.id)

    await sensitives.sensitivesDeleteSensitive({ sensitive: sensitive.id })
    expect(mock.service.store.get('asset', asset)!.sensitives).not.toContain(sensitive.id)
    expect(await failure(sensitiveApi.sensitiveSnapshot({ sensitive: sensitive.id }))).toMatchObject({ status: 410 })

    const kept = await sensitives.sensitivesCreateNewSensitive({
      seededSensitive: { asset, text: 'x', category: 'URL', severity: 'LOW', name: 'n', description: 'd' },
    })
    await mock.removeAsset(asset)
    expect(await failure(sensitiveApi.sensitiveSnapshot({ sensitive: kept.id }))).toMatchObject({ status: 410 })
  })

  it('shares an asset, reads the share under both paths and from the asset, and deletes it answering its id', async () => {
    const shares = new SharesApi(configuration)
    const shareApi = new ShareApi(configuration)
    const asset = firstAsset()
    const { value: created } = await callAndCheck(
      shares.sharesCreateNewShareRaw({
        seededShare: { access: 'PRIVATE', name: 'For Ada', asset: { id: asset } as never },
      }),
      'Shares',
      SharesToJSON,
    )
    const share = created.iterable[0]!
    expect(share).toMatchObject({ access: 'PRIVATE', name: 'For Ada', asset: { id: asset } })
    expect(share.link).toBe(`https://pieces.link/s/${share._short}`)
    const { value: read } = await callAndCheck(shareApi.shareSnapshotRaw({ share: share.id }), 'Share', ShareToJSON)
    const { value: again } = await callAndCheck(
      shares.sharesSpecificShareSnapshotRaw({ share: share.id }),
      'Share',
      ShareToJSON,
    )
    expect(again).toEqual(read)
    expect((await readAsset(asset)).shares?.iterable.map((item) => item.id)).toContain(share.id)

    const { value: updated } = await callAndCheck(
      shareApi.shareUpdateRaw({ share: { ...read, access: 'PUBLIC' } }),
      'Share',
      ShareToJSON,
    )
    expect(updated.access).toBe('PUBLIC')
    await shareApi.shareScoresIncrement({ share: share.id, seededScoreIncrement: { share: { reuse: true } } })
    expect(mock.service.store.get('share', share.id)!.score.reuse).toBe(1)
    const { value: list } = await callAndCheck(shares.sharesSnapshotRaw({}), 'Shares', SharesToJSON)
    expect(list.iterable.map((item) => item.id)).toContain(share.id)

    expect(await shares.sharesDeleteShare({ share: share.id })).toBe(share.id)
    expect(mock.service.store.get('asset', asset)!.shares).not.toContain(share.id)
    expect(await failure(shareApi.shareSnapshot({ share: share.id }))).toMatchObject({ status: 410 })
  })

  it('answers a linkify of a shared asset with its share record', async () => {
    const asset = [...mock.service.store.all('asset')].find((record) => record.shares.length > 0)!
    const linked = await new LinkifyApi(configuration).linkify({
      linkify: { access: 'PUBLIC', asset: { id: asset.id } as never },
    })
    expect(linked.iterable.map((share) => share.id)).toEqual(asset.shares)
  })

  it('gives every new anchor its path as a point, and keeps points on their anchor until it is deleted', async () => {
    const points = new AnchorPointsApi(configuration)
    const pointApi = new AnchorPointApi(configuration)
    const anchors = new AnchorApi(configuration)
    const anchor = [...mock.service.store.all('anchor')][0]!
    const frames = await connect('anchorPoints')
    const { value: point } = await callAndCheck(
      points.anchorPointsCreateNewAnchorPointRaw({
        seededAnchorPoint: {
          type: 'FILE',
          fullpath: '/mnt/laptop/SearchInput.tsx',
          anchor: anchor.id,
          platform: 'MACOS',
        },
      }),
      'AnchorPoint',
      AnchorPointToJSON,
    )
    expect(await frames.next()).toEqual({ iterable: [{ anchorPoint: { id: point.id } }] })
    expect(point).toMatchObject({ anchor: { id: anchor.id }, platform: 'MACOS' })
    const read = await anchors.anchorSpecificAnchorSnapshot({ anchor: anchor.id })
    expect(read.points.iterable.map((item) => item.id)).toEqual([...anchor.points, point.id])
    expect(read.points.iterable.at(-1)!.reference?.fullpath).toBe('/mnt/laptop/SearchInput.tsx')

    const { value: updated } = await callAndCheck(
      pointApi.anchorPointUpdateRaw({ anchorPoint: { ...point, verified: true } }),
      'AnchorPoint',
      AnchorPointToJSON,
    )
    expect(updated.verified).toBe(true)
    await pointApi.anchorPointScoresIncrement({
      anchorPoint: point.id,
      seededScoreIncrement: { anchorPoint: { update: true } },
    })
    expect(mock.service.store.get('anchorPoint', point.id)!.score.update).toBe(1)
    await callAndCheck(points.anchorPointsSnapshotRaw({}), 'AnchorPoints', AnchorPointsToJSON)

    await points.anchorPointsDeleteSpecificAnchorPoint({ anchorPoint: point.id })
    expect((await anchors.anchorSpecificAnchorSnapshot({ anchor: anchor.id })).points.indices?.[point.id]).toBe(-1)
    expect(await failure(pointApi.anchorPointSpecificAnchorPointSnapshot({ anchorPoint: point.id }))).toMatchObject({
      status: 410,
    })

    const kept = anchor.points[0]!
    await new (await import('@pieces.app/pieces-os-client')).AnchorsApi(configuration).anchorsDeleteSpecificAnchor({
      anchor: anchor.id,
    })
    expect(await failure(pointApi.anchorPointSpecificAnchorPointSnapshot({ anchorPoint: kept }))).toMatchObject({
      status: 410,
    })
  })
})

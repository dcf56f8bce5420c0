import { createAsset, deleteAsset } from '../../domain/asset-writes.js'
import { defineOperation, json, text, type Operation } from '../define/define-operation.js'
import { booleanQuery, parseBody, pathId, wireContext } from '../define/request-input.js'
import { streamedIds, streamedRecords } from '../../wire/json/streamed-collection.js'
import { seedInput } from '../../domain/inputs/seeds.js'
import { classifySeed } from '../../domain/classification.js'
import { goneOnRefusal, MockServiceError } from '../../errors.js'
import { readAsset } from './asset-reads.js'
import { mostRecentFirstInTurns } from '../../store/most-recent-first.js'

/**
 * The `/assets` routes a client needs to reach assets at all: create, delete
 * (the route that makes an asset gone), the snapshot and the identifiers, and
 * one asset and its formats under `/assets/` as under `/asset/`.
 *
 * @example
 * routeTable() // holds these
 */
export const assetsOperations: readonly Operation[] = [
  defineOperation({
    id: 'assetsCreateNewAsset',
    method: 'POST',
    paths: ['/assets/create'],
    params: {},
    async run(context) {
      if (context.request.body === undefined) {
        throw new MockServiceError('INVALID_REQUEST', 'Invalid Seed body: a body is required to create an asset.')
      }
      const seed = parseBody(seedInput, context.request.body, 'Seed')
      const wire = wireContext(context)
      const classification = await classifySeed(seed)
      const asset = await context.store.write((tx) => createAsset(tx, seed, classification))
      return json(wire.render('asset', asset))
    },
  }),
  defineOperation({
    id: 'assetsDeleteAsset',
    method: 'POST',
    paths: ['/assets/:asset/delete'],
    params: { asset: 'asset' },
    body: 'none',
    async run(context) {
      const id = pathId(context, 'asset')
      await context.store.write((tx) => deleteAsset(tx, id))
      return text(id)
    },
  }),
  defineOperation({
    id: 'assetsSnapshot',
    method: 'GET',
    paths: ['/assets'],
    params: {},
    async run(context) {
      booleanQuery(context.request.query, 'suggested', false)
      booleanQuery(context.request.query, 'pseudo', false)
      const wire = wireContext(context)
      return json(
        streamedRecords(await mostRecentFirstInTurns(context.store.all('asset')), (asset) =>
          wire.render('asset', asset),
        ),
      )
    },
  }),
  defineOperation({
    id: 'assetsIdentifiersSnapshot',
    method: 'GET',
    paths: ['/assets/identifiers'],
    params: {},
    async run(context) {
      booleanQuery(context.request.query, 'pseudo', false)
      return json(streamedIds((await mostRecentFirstInTurns(context.store.all('asset'))).map((asset) => asset.id)))
    },
  }),
  defineOperation({
    id: 'assetsSpecificAssetSnapshot',
    method: 'GET',
    paths: ['/assets/:asset'],
    params: { asset: 'asset' },
    run(context) {
      return goneOnRefusal(() => {
        const wire = wireContext(context)
        return json(wire.render('asset', readAsset(context, { unknown: 'GONE' })))
      })
    },
  }),
  defineOperation({
    id: 'assetsSpecificAssetFormatsSnapshot',
    method: 'GET',
    paths: ['/assets/:asset/formats'],
    params: { asset: 'asset' },
    run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      const wire = wireContext(context)
      return json({
        iterable: asset.formats.flatMap((id) => {
          const format = context.store.get('format', id)
          return format ? [wire.render('format', format)] : []
        }),
      })
    },
  }),
]

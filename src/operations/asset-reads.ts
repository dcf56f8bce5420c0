import { MockServiceError } from '../errors.js'
import type { OperationContext } from './define-operation.js'
import { booleanQuery, pathId, wireContext } from './request-input.js'
import type { AssetRecord } from '../store/schemas.js'
import type { AssetWireContext } from '../wire/asset.js'

export const ASSET_GONE = 'Asset no longer exists and is Gone.'

/**
 * The asset a request names. A deleted asset answers 410 "Asset no longer
 * exists and is Gone."; an id that never existed answers `unknown` (500 on
 * most routes, 410 on the snapshot, as the spec says).
 *
 * @example
 * const asset = readAsset(context, { unknown: 'NOT_FOUND' })
 */
export function readAsset(context: OperationContext, { unknown }: { unknown: 'NOT_FOUND' | 'GONE' }): AssetRecord {
  const id = pathId(context, 'asset')
  const asset = context.store.get('asset', id)
  if (asset) return asset
  if (context.store.isGone('asset', id)) throw new MockServiceError('GONE', ASSET_GONE)
  throw new MockServiceError(unknown, unknown === 'GONE' ? ASSET_GONE : `No asset with id "${id}" exists.`)
}

/**
 * The wire context of an asset response: the request's `transferables` flag,
 * the store to resolve links, and the asset's activities when
 * `package_activities=true`.
 *
 * @example
 * toAsset(asset, assetWireContext(context, asset))
 */
export function assetWireContext(context: OperationContext, asset?: AssetRecord): AssetWireContext {
  const wire = wireContext(context)
  const withActivities = asset !== undefined && booleanQuery(context.request.query, 'package_activities', false)
  return {
    ...wire,
    lookup: context.store,
    ...(withActivities && { activities: activitiesOf(context, asset.id) }),
  }
}

/** An asset's activity log, oldest first. */
export function activitiesOf(context: OperationContext, assetId: string) {
  return [...context.store.all('activity')].filter((activity) => activity.asset === assetId)
}

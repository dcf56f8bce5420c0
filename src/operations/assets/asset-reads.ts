import { MockServiceError } from '../../errors.js'
import type { OperationContext } from '../define/define-operation.js'
import { booleanQuery, pathId } from '../define/request-input.js'
import type { Asset } from '@pieces.app/pieces-os-client'
import type { AssetRecord } from '../../store/schemas/schemas.js'
import type { Wire, WireContext } from '../../wire/wire-types.js'

const ASSET_GONE = 'Asset no longer exists and is Gone.'

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
 * Whether the request asks for an asset's activity log (`package_activities=true`);
 * read before any write, so a bad value changes nothing.
 *
 * @example
 * const withActivities = packageActivities(context)
 */
export function packageActivities(context: OperationContext): boolean {
  return booleanQuery(context.request.query, 'package_activities', false)
}

/**
 * An asset's wire form, with its activity log when `withActivities`.
 *
 * @example
 * return json(assetWithActivities(context, wire, asset, packageActivities(context)))
 */
export function assetWithActivities(
  context: OperationContext,
  wire: WireContext,
  asset: AssetRecord,
  withActivities: boolean,
): Wire<Asset> {
  const rendered = wire.render('asset', asset)
  if (!withActivities) return rendered
  const activities = activitiesOf(context, asset.id).map((activity) => wire.render('activity', activity))
  return { ...rendered, activities: { iterable: activities } }
}

/** An asset's activity log, oldest first. */
export function activitiesOf(context: OperationContext, assetId: string) {
  return context.store.pointingAt('activity', 'asset', assetId)
}

import { recordActivity, type AssetEvent } from '../../domain/asset-activity.js'
import type { LinkRouteSpec } from '../define/link-operation.js'

/**
 * What a link route of an asset stages besides the link: the activity the
 * asset logs, whichever side's route made the link.
 *
 * @example
 * associate({ id: 'tagAssociateAsset', paths: ['/tag/:tag/assets/associate/:asset'], params: { tag: 'tag', asset: 'asset' }, relation: ['asset', 'tags'], also: assetEvent('tagAdded') })
 */
export function assetEvent(event: AssetEvent): NonNullable<LinkRouteSpec['also']> {
  return (tx, ids) => recordActivity(tx, ids.asset!, event)
}

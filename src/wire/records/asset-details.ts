import type { AnchorPoint, Hint, Sensitive, Share } from '@pieces.app/pieces-os-client'
import type { AnchorPointRecord, HintRecord, SensitiveRecord, ShareRecord } from '../../store/schemas/schemas.js'
import { toScore } from './conversation.js'
import { linkedLists } from '../flattened.js'
import type { Wire, WireContext } from '../wire-types.js'

/**
 * A stored hint as the wire Hint: its assets as references, its mechanism
 * under `mechanisms` keyed by the hint's id, its model as a reference.
 *
 * @example
 * wire.render('hint', store.get('hint', id)!)
 */
export function buildHint(record: HintRecord, context: WireContext): Wire<Hint> {
  const hint: Wire<Hint> = {
    id: record.id,
    type: record.type,
    text: record.text,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    score: toScore(record.score),
    ...linkedLists(context, 'hint', record, ['assets']),
  }
  if (record.mechanism !== undefined) hint.mechanisms = { [record.id]: record.mechanism }
  if (record.model !== undefined) hint.model = { id: record.model }
  return hint
}

/**
 * A stored sensitive finding as the wire Sensitive, its asset flattened.
 *
 * @example
 * wire.render('sensitive', store.get('sensitive', id)!)
 */
export function buildSensitive(record: SensitiveRecord, context: WireContext): Wire<Sensitive> {
  const asset = context.get('asset', record.asset)
  const sensitive: Wire<Sensitive> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    // A finding always belongs to a stored asset (the store refuses one whose asset is gone).
    asset: asset ? context.render('flattenedAsset', asset) : ({ id: record.asset } as Wire<Sensitive>['asset']),
    text: record.text,
    mechanism: record.mechanism,
    category: record.category,
    severity: record.severity,
    name: record.name,
    description: record.description,
    score: toScore(record.score),
  }
  if (record.metadata !== undefined) sensitive.metadata = record.metadata
  if (record.interactions !== undefined) sensitive.interactions = record.interactions
  return sensitive
}

/**
 * The short code of a share: the first ten hex digits of its id, so the same
 * share always reads the same link.
 *
 * @example
 * shareCode('3f9a1c2b-7d4e-4000-8000-000000000000') // '3f9a1c2b7d'
 */
export function shareCode(id: string): string {
  return id.replace(/-/g, '').slice(0, 10)
}

/**
 * A stored share as the wire Share: its link and short code from its id, its
 * first asset flattened under `asset` and all of them under `assets`.
 *
 * @example
 * wire.render('share', store.get('share', id)!).link // 'https://pieces.link/s/3f9a1c2b7d'
 */
export function buildShare(record: ShareRecord, context: WireContext): Wire<Share> {
  const short = shareCode(record.id)
  const first = record.assets[0] === undefined ? undefined : context.get('asset', record.assets[0])
  // The client's model names `short` `_short` in TypeScript; the wire key is `short`.
  const share = {
    id: record.id,
    link: `https://pieces.link/s/${short}`,
    short,
    access: record.access,
    accessors: { iterable: [] },
    created: context.timestamp(record.created),
    score: toScore(record.score),
    ...linkedLists(context, 'share', record, ['assets']),
  } as unknown as Wire<Share>
  if (first) share.asset = context.render('flattenedAsset', first)
  if (record.name !== undefined) share.name = record.name
  if (record.user !== undefined) share.user = record.user
  return share
}

/**
 * A stored anchor point as the wire AnchorPoint, its anchor as a reference.
 *
 * @example
 * wire.render('anchorPoint', store.get('anchorPoint', id)!)
 */
export function buildAnchorPoint(record: AnchorPointRecord, context: WireContext): Wire<AnchorPoint> {
  const point: Wire<AnchorPoint> = {
    id: record.id,
    fullpath: record.fullpath,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    anchor: { id: record.anchor },
    score: toScore(record.score),
  }
  if (record.verified !== undefined) point.verified = record.verified
  if (record.platform !== undefined) point.platform = record.platform
  return point
}

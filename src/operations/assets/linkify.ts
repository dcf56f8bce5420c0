import { createAsset } from '../../domain/asset-writes.js'
import { createShare } from '../../domain/asset-detail-writes.js'
import { classifySeed } from '../../domain/classification.js'
import { seedInput } from '../../domain/inputs/seeds.js'
import type { Transaction } from '../../store/transaction/transaction.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { linkifyInput } from '../../domain/inputs/os-inputs.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'

/**
 * Gives an asset a share, or keeps its first one (with the access asked for
 * now): linkifying an asset again answers the same share.
 */
function shareAsset(tx: Transaction, assetId: string, access: 'UNKNOWN' | 'PUBLIC' | 'PRIVATE') {
  const asset = tx.require('asset', assetId)
  const existing = asset.shares[0]
  if (existing === undefined) return createShare(tx, { access, asset: { id: assetId } })
  return tx.update('share', existing, (draft) => void (draft.access = access))
}

/**
 * `POST /linkify` (LinkifyApi `linkify`): a share link for a stored asset
 * (`asset.id`), or for a seed it saves first: a share record linked to the
 * asset (its `shares`), answered as Shares. Linkifying the same asset again answers the same
 * share. `POST /linkify/multiple` shares several assets in one link and
 * `POST /linkify/{share}/revoke` deletes a share (both loaded on first use).
 *
 * @example
 * routeTable() // holds it
 */
export const linkifyOperations: readonly Operation[] = [
  defineOperation({
    id: 'linkify',
    method: 'POST',
    paths: ['/linkify'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Linkify')
      // The asset shared is read by its id from the store: the CLI sends it whole, other clients its id.
      const input = parseBody(linkifyInput, context.request.body, 'Linkify', ['asset'])
      const access = input.access as 'UNKNOWN' | 'PUBLIC' | 'PRIVATE'
      const seed = input.asset ? undefined : parseBody(seedInput, input.seed, 'Linkify.seed')
      const assetId = input.asset?.id
      const classification = seed && (await classifySeed(seed))
      const share = await context.store.write((tx) =>
        shareAsset(tx, assetId ?? createAsset(tx, seed!, classification!).id, access),
      )
      const wire = wireContext(context)
      return json({ iterable: [wire.render('share', share)] })
    },
  }),
  defineOperation({
    id: 'linkifyMultiple',
    method: 'POST',
    paths: ['/linkify/multiple'],
    params: {},
    run: async (context) => (await import('../os-and-pattern-engine/machine-runs.js')).linkifyMultiple(context),
  }),
  defineOperation({
    id: 'linkifyShareRevoke',
    method: 'POST',
    paths: ['/linkify/:share/revoke'],
    params: { share: 'share' },
    body: 'none',
    run: async (context) => (await import('../os-and-pattern-engine/machine-runs.js')).revokeShare(context),
  }),
]

import { z } from 'zod'
import { createShare } from '../../domain/asset-detail-writes.js'
import { clientEnumValues } from '../../store/schemas/client-enums.generated.js'
import { json, text, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'

/** At most this many assets are shared by one link. */
const MAX_SHARED_ASSETS = 100

const linkifyMultipleInput = z
  .object({
    assets: z.array(z.string().min(1)).min(1).max(MAX_SHARED_ASSETS),
    access: z.enum(clientEnumValues.AccessEnum),
    name: z.string().max(1000).optional(),
  })
  .loose()

/**
 * `POST /linkify/multiple`: one share of several stored assets (each named by
 * id), answered as Shares; an id that is no stored asset refuses the whole
 * request and changes nothing.
 *
 * @example
 * await linkifyMultiple(context) // json({ iterable: [share] })
 */
export async function linkifyMultiple(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'LinkifyMultiple')
  const input = parseBody(linkifyMultipleInput, context.request.body, 'LinkifyMultiple')
  const assets = [...new Set(input.assets)]
  const share = await context.store.write((tx) => {
    for (const id of assets) tx.require('asset', id)
    return createShare(tx, {
      access: input.access,
      assets: { iterable: assets.map((id) => ({ id })) },
      ...(input.name !== undefined && { name: input.name }),
    })
  })
  const wire = wireContext(context)
  return json({ iterable: [wire.render('share', share)] })
}

/**
 * `POST /linkify/{share}/revoke`: the share is deleted (its link stops
 * working, its assets stay); answers its id. A revoked share answers 410.
 *
 * @example
 * await revokeShare(context) // text('05a4…')
 */
export async function revokeShare(context: OperationContext): Promise<OperationResult> {
  const { id } = readRecord(context, 'share', 'share')
  await context.store.write((tx) => tx.remove('share', id))
  return text(id)
}

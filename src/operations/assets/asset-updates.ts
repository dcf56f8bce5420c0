import { MockServiceError } from '../../errors.js'
import { incrementScore } from '../../domain/score.js'
import { recordActivity } from '../../domain/asset-activity.js'
import { isReclassifiable, reclassifyFormat } from '../../domain/classification.js'
import { defineOperation, json, noContent, type Operation } from '../define/define-operation.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'
import { assetReclassificationInput, assetUpdateInput } from '../../domain/inputs/asset-inputs.js'
import { seededScoreIncrementInput } from '../../domain/inputs/conversation-inputs.js'

function requireBody(body: unknown, model: string): void {
  if (body === undefined) {
    throw new MockServiceError('INVALID_REQUEST', `Invalid ${model} body: a body is required.`)
  }
}

/**
 * The `/asset` writes (spec §4.5): reclassify, update and score increments.
 *
 * @example
 * routeTable() // holds these
 */
export const assetUpdatesOperations: readonly Operation[] = [
  defineOperation({
    id: 'asset_reclassify',
    method: 'POST',
    paths: ['/asset/reclassify'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'AssetReclassification')
      const input = parseBody(assetReclassificationInput, context.request.body, 'AssetReclassification', ['asset'])
      const wire = wireContext(context)
      const asset = await context.store.write((tx) => {
        const current = tx.require('asset', input.asset.id)
        for (const formatId of current.formats) {
          const format = tx.get('format', formatId)
          if (format && isReclassifiable(format)) reclassifyFormat(tx, formatId, input.ext)
        }
        recordActivity(tx, current.id, 'reclassified')
        return tx.touch('asset', current.id)
      })
      return json(wire.render('asset', asset))
    },
  }),
  defineOperation({
    id: 'asset_update',
    method: 'POST',
    paths: ['/asset/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Asset')
      const input = parseBody(assetUpdateInput, context.request.body, 'Asset')
      const wire = wireContext(context)
      const asset = await context.store.write((tx) => {
        const current = tx.require('asset', input.id)
        for (const sent of input.formats.iterable) {
          const format = current.formats.includes(sent.id) ? tx.get('format', sent.id) : undefined
          const text = sent.fragment?.string?.raw
          if (format && text !== undefined && text !== format.fragment?.string?.raw) {
            tx.update('format', sent.id, (draft) => {
              draft.fragment = { ...draft.fragment, string: { ...draft.fragment?.string, raw: text } }
            })
          }
        }
        recordActivity(tx, current.id, 'updated')
        return tx.update('asset', current.id, (draft) => {
          draft.mechanism = input.mechanism
          if (input.name !== undefined) {
            if (input.name === null) delete draft.name
            else draft.name = input.name
          }
          if (input.favorited != null) draft.favorited = input.favorited
          if (input.score) draft.score = input.score
        })
      })
      return json(wire.render('asset', asset))
    },
  }),
  defineOperation({
    id: 'asset_scores_increment',
    method: 'POST',
    paths: ['/asset/:asset/scores/increment'],
    params: { asset: 'asset' },
    async run(context) {
      const id = pathId(context, 'asset')
      const input = parseBody(seededScoreIncrementInput, context.request.body, 'SeededScoreIncrement')
      await context.store.write((tx) =>
        tx.update('asset', id, (draft) => {
          draft.score = incrementScore(incrementScore(draft.score, input?.asset), input?.assets)
        }),
      )
      return noContent()
    },
  }),
]

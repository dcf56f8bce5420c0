import { streamedList } from '../../wire/json/streamed-collection.js'
import { recordActivity } from '../../domain/asset-activity.js'
import { isReclassifiable, reclassifyFormat } from '../../domain/classification.js'
import { goneOnRefusal, MockServiceError } from '../../errors.js'
import type { Transaction } from '../../store/transaction/transaction.js'
import { defineOperation, json, type Operation, type OperationContext } from '../define/define-operation.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { formatReclassificationInput, formatUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { booleanQuery, parseBody, wireContext } from '../define/request-input.js'
import { mostRecentFirstInTurns } from '../../store/most-recent-first.js'

/** The wire context of a format route: the real routes spell the flag `transferable`. */
function formatWire(context: OperationContext) {
  // A bad `transferables` is refused as on every read.
  wireContext(context)
  return context.wire(booleanQuery(context.request.query, 'transferable', true))
}

/** Moves the format's asset forward (its wire form holds the format), with the activity the change logs. */
function touchAsset(tx: Transaction, assetId: string, event: 'formatValueEdited' | 'reclassified'): void {
  recordActivity(tx, assetId, event)
  tx.touch('asset', assetId)
}

/**
 * The formats' routes besides `GET /format/{format}` (FormatsApi and
 * FormatApi): the list, one format under `/formats/`, a new value and a
 * reclassification. A format's change moves its asset's `updated`.
 *
 * @example
 * routeTable() // holds these
 */
export const formatsOperations: readonly Operation[] = [
  defineOperation({
    id: 'formatsSnapshot',
    method: 'GET',
    paths: ['/formats'],
    params: {},
    async run(context) {
      const wire = wireContext(context)
      return json(
        streamedList(await mostRecentFirstInTurns(context.store.all('format')), (format) =>
          wire.render('format', format),
        ),
      )
    },
  }),
  defineOperation({
    id: 'formatsSpecificFormatSnapshot',
    method: 'GET',
    paths: ['/formats/:format'],
    params: { format: 'format' },
    run(context) {
      return goneOnRefusal(() => {
        const format = readRecord(context, 'format', 'format', 'Format was not found.')
        return json(formatWire(context).render('format', format))
      })
    },
  }),
  defineOperation({
    id: 'formatUpdateValue',
    method: 'POST',
    paths: ['/format/update/value'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Format')
      const input = parseBody(formatUpdateInput, context.request.body, 'Format')
      const text = input.fragment?.string?.raw ?? input.file?.string?.raw
      if (text === undefined) {
        throw new MockServiceError(
          'INVALID_REQUEST',
          'Invalid Format body: fragment.string.raw: the new value is missing.',
        )
      }
      const wire = formatWire(context)
      const format = await context.store.write((tx) => {
        const current = tx.require('format', input.id)
        const updated = tx.update('format', input.id, (draft) => {
          if (input.fragment?.string?.raw !== undefined || !draft.file) {
            draft.fragment = { ...draft.fragment, string: { ...draft.fragment?.string, raw: text } }
          } else {
            draft.file = { ...draft.file, string: { ...draft.file.string, raw: text } }
          }
        })
        touchAsset(tx, current.asset, 'formatValueEdited')
        return updated
      })
      return json(wire.render('format', format))
    },
  }),
  defineOperation({
    id: 'formatReclassify',
    method: 'POST',
    paths: ['/format/reclassify'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'FormatReclassification')
      const input = parseBody(formatReclassificationInput, context.request.body, 'FormatReclassification', ['format'])
      const wire = formatWire(context)
      const format = await context.store.write((tx) => {
        const current = tx.require('format', input.format.id)
        if (!isReclassifiable(current)) {
          throw new MockServiceError(
            'INVALID_REQUEST',
            `Invalid FormatReclassification body: format: a ${current.classification.generic} format has no language to change; reclassify a CODE or TEXT format.`,
          )
        }
        const updated = reclassifyFormat(tx, current.id, input.ext)
        touchAsset(tx, current.asset, 'reclassified')
        return updated
      })
      return json(wire.render('format', format))
    },
  }),
]

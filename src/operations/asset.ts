import { goneOnRefusal, MockServiceError } from '../errors.js'
import { exportText } from '../domain/asset-text.js'
import { recordActivity } from '../domain/asset-writes.js'
import { defineOperation, json, type Operation } from './define-operation.js'
import { parseBody } from './request-input.js'
import { toActivity, toAsset, toFormat } from '../wire/asset.js'
import { toConversation } from '../wire/conversation.js'
import { collectionOf } from '../wire/flattened.js'
import { toGroupedTimestamp } from '../wire/timestamp.js'
import { exportTypeInput, seededAccessorInput } from './asset-inputs.js'
import { activitiesOf, assetWireContext, readAsset } from './asset-reads.js'

/**
 * The `/asset/{asset}` reads (spec §4.5): the snapshot by GET and POST, its
 * formats, activities and conversations, and its export.
 *
 * @example
 * createMswHandlers(assetOperations, service)
 */
export const assetOperations: readonly Operation[] = [
  defineOperation({
    id: 'asset_snapshot',
    method: 'GET',
    paths: ['/asset/:asset'],
    run(context) {
      return goneOnRefusal(() => {
        const asset = readAsset(context, { unknown: 'GONE' })
        return json(toAsset(asset, assetWireContext(context, asset)))
      })
    },
  }),
  defineOperation({
    id: 'asset_snapshot_post',
    method: 'POST',
    paths: ['/asset/:asset'],
    async run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      parseBody(seededAccessorInput, context.request.body, 'SeededAccessor')
      const wire = assetWireContext(context, asset)
      await context.store.write((tx) => recordActivity(tx, asset.id, 'viewed'))
      const current = readAsset(context, { unknown: 'NOT_FOUND' })
      return json(toAsset(current, { ...wire, ...(wire.activities && { activities: activitiesOf(context, asset.id) }) }))
    },
  }),
  defineOperation({
    id: 'asset_formats',
    method: 'GET',
    paths: ['/asset/:asset/formats'],
    run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      const wire = assetWireContext(context)
      const iterable = asset.formats.flatMap((id) => {
        const format = context.store.get('format', id)
        return format ? [toFormat(format, asset, wire)] : []
      })
      return json({ iterable })
    },
  }),
  defineOperation({
    id: 'asset_specific_asset_activities',
    method: 'GET',
    paths: ['/asset/:asset/activities'],
    run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      const wire = assetWireContext(context)
      return json({ iterable: activitiesOf(context, asset.id).map((activity) => toActivity(activity, wire)) })
    },
  }),
  defineOperation({
    id: 'asset_specific_asset_conversations',
    method: 'GET',
    paths: ['/asset/:asset/conversations'],
    run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      const wire = assetWireContext(context)
      const conversations = asset.conversations.map((id) => context.store.get('conversation', id))
      return json(collectionOf(conversations, (conversation) => toConversation(conversation, wire)))
    },
  }),
  defineOperation({
    id: 'asset_specific_asset_export',
    method: 'GET',
    paths: ['/asset/:asset/export'],
    run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      const requested = context.request.query.get('export_type')
      if (requested === null || requested === '') {
        throw new MockServiceError('INVALID_REQUEST', 'Missing query parameter "export_type": use MD, HTML or UNKNOWN.')
      }
      const type = exportTypeInput.safeParse(requested)
      if (!type.success) {
        throw new MockServiceError(
          'INVALID_REQUEST',
          `Invalid query parameter "export_type": "${requested.slice(0, 40)}" is not MD, HTML or UNKNOWN.`,
        )
      }
      const description =
        asset.annotations
          .map((id) => context.store.get('annotation', id))
          .find((annotation) => annotation?.type === 'DESCRIPTION')?.text ?? ''
      const format = context.store.get('format', asset.original)
      const wire = assetWireContext(context)
      return json({
        name: asset.name ?? 'Untitled snippet',
        description,
        created: toGroupedTimestamp(asset.created, wire),
        raw: { string: { raw: exportText(type.data, asset, format, description) } },
      })
    },
  }),
]

import { goneOnRefusal, MockServiceError } from '../../errors.js'
import { exportText } from '../../domain/asset-text.js'
import { recordActivity } from '../../domain/asset-activity.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { presentRecords } from '../define/record-routes.js'
import { streamedRecords } from '../../wire/json/streamed-collection.js'
import { exportTypeInput, seededAccessorInput } from '../../domain/inputs/asset-inputs.js'
import { activitiesOf, assetWithActivities, packageActivities, readAsset } from './asset-reads.js'

/**
 * The `/asset/{asset}` reads (spec §4.5): the snapshot by GET and POST, its
 * formats, activities and conversations, and its export.
 *
 * @example
 * routeTable() // holds these
 */
export const assetOperations: readonly Operation[] = [
  defineOperation({
    id: 'asset_snapshot',
    method: 'GET',
    paths: ['/asset/:asset'],
    params: { asset: 'asset' },
    run(context) {
      return goneOnRefusal(() => {
        const asset = readAsset(context, { unknown: 'GONE' })
        return json(assetWithActivities(context, wireContext(context), asset, packageActivities(context)))
      })
    },
  }),
  defineOperation({
    id: 'asset_snapshot_post',
    method: 'POST',
    paths: ['/asset/:asset'],
    params: { asset: 'asset' },
    async run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      parseBody(seededAccessorInput, context.request.body, 'SeededAccessor')
      const wire = wireContext(context)
      const withActivities = packageActivities(context)
      await context.store.write((tx) => recordActivity(tx, asset.id, 'viewed'))
      return json(assetWithActivities(context, wire, readAsset(context, { unknown: 'NOT_FOUND' }), withActivities))
    },
  }),
  defineOperation({
    id: 'asset_formats',
    method: 'GET',
    paths: ['/asset/:asset/formats'],
    params: { asset: 'asset' },
    run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      const wire = wireContext(context)
      const iterable = asset.formats.flatMap((id) => {
        const format = context.store.get('format', id)
        return format ? [wire.render('format', format)] : []
      })
      return json({ iterable })
    },
  }),
  defineOperation({
    id: 'asset_specific_asset_activities',
    method: 'GET',
    paths: ['/asset/:asset/activities'],
    params: { asset: 'asset' },
    run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      const wire = wireContext(context)
      return json({ iterable: activitiesOf(context, asset.id).map((activity) => wire.render('activity', activity)) })
    },
  }),
  defineOperation({
    id: 'asset_specific_asset_conversations',
    method: 'GET',
    paths: ['/asset/:asset/conversations'],
    params: { asset: 'asset' },
    run(context) {
      const asset = readAsset(context, { unknown: 'NOT_FOUND' })
      const wire = wireContext(context)
      const conversations = presentRecords(context, 'conversation', asset.conversations)
      return json(streamedRecords(conversations, (conversation) => wire.render('conversation', conversation)))
    },
  }),
  defineOperation({
    id: 'asset_specific_asset_export',
    method: 'GET',
    paths: ['/asset/:asset/export'],
    params: { asset: 'asset' },
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
      const wire = wireContext(context)
      return json({
        name: asset.name ?? 'Untitled snippet',
        description,
        created: wire.timestamp(asset.created),
        raw: { string: { raw: exportText(type.data, asset, format, description) } },
      })
    },
  }),
]

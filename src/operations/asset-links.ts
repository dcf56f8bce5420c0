import { recordActivity, type AssetEvent } from '../domain/asset-writes.js'
import { defineOperation, noContent, type Operation } from './define-operation.js'
import { pathId } from './request-input.js'

const LINKS = [
  { name: 'tag', segment: 'tags', param: 'tag', field: 'tags', added: 'tagAdded', removed: 'tagDeleted' },
  { name: 'website', segment: 'websites', param: 'website', field: 'websites', added: 'linkAdded', removed: 'linkDeleted' },
  {
    name: 'workstream_summary',
    segment: 'workstream_summaries',
    param: 'workstream_summary',
    field: 'summaries',
    added: 'updated',
    removed: 'updated',
  },
] as const satisfies ReadonlyArray<{ added: AssetEvent; removed: AssetEvent } & Record<string, string>>

/**
 * The 6 asset link routes (spec §4.4), stored on both records and logged as activities.
 *
 * @example
 * createMswHandlers(assetLinksOperations, service)
 */
export const assetLinksOperations: readonly Operation[] = LINKS.flatMap((link) => [
  defineOperation({
    id: `asset_associate_${link.name}`,
    method: 'POST',
    paths: [`/asset/:asset/${link.segment}/associate/:${link.param}`],
    async run(context) {
      const asset = pathId(context, 'asset')
      const other = pathId(context, link.param)
      await context.store.write((tx) => {
        tx.link('asset', asset, link.field, other)
        recordActivity(tx, asset, link.added)
      })
      return noContent()
    },
  }),
  defineOperation({
    id: `asset_disassociate_${link.name}`,
    method: 'POST',
    paths: [`/asset/:asset/${link.segment}/disassociate/:${link.param}`],
    async run(context) {
      const asset = pathId(context, 'asset')
      const other = pathId(context, link.param)
      await context.store.write((tx) => {
        tx.unlink('asset', asset, link.field, other)
        recordActivity(tx, asset, link.removed)
      })
      return noContent()
    },
  }),
])

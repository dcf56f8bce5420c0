import { recordActivity } from '../domain/asset-writes.js'
import type { Operation } from './define-operation.js'
import { associate, disassociate } from './link-operation.js'

/**
 * The 6 asset link routes (spec §4.4), stored on both records and logged as activities.
 *
 * @example
 * routeTable() // holds these
 */
export const assetLinksOperations: readonly Operation[] = [
  associate({
    id: 'asset_associate_tag',
    paths: ['/asset/:asset/tags/associate/:tag'],
    params: { asset: 'asset', tag: 'tag' },
    relation: ['asset', 'tags'],
    also: (tx, { asset }) => recordActivity(tx, asset!, 'tagAdded'),
  }),
  disassociate({
    id: 'asset_disassociate_tag',
    paths: ['/asset/:asset/tags/disassociate/:tag'],
    params: { asset: 'asset', tag: 'tag' },
    relation: ['asset', 'tags'],
    also: (tx, { asset }) => recordActivity(tx, asset!, 'tagDeleted'),
  }),
  associate({
    id: 'asset_associate_website',
    paths: ['/asset/:asset/websites/associate/:website'],
    params: { asset: 'asset', website: 'website' },
    relation: ['asset', 'websites'],
    also: (tx, { asset }) => recordActivity(tx, asset!, 'linkAdded'),
  }),
  disassociate({
    id: 'asset_disassociate_website',
    paths: ['/asset/:asset/websites/disassociate/:website'],
    params: { asset: 'asset', website: 'website' },
    relation: ['asset', 'websites'],
    also: (tx, { asset }) => recordActivity(tx, asset!, 'linkDeleted'),
  }),
  associate({
    id: 'asset_associate_workstream_summary',
    paths: ['/asset/:asset/workstream_summaries/associate/:workstream_summary'],
    params: { asset: 'asset', workstream_summary: 'workstreamSummary' },
    relation: ['asset', 'summaries'],
    also: (tx, { asset }) => recordActivity(tx, asset!, 'updated'),
  }),
  disassociate({
    id: 'asset_disassociate_workstream_summary',
    paths: ['/asset/:asset/workstream_summaries/disassociate/:workstream_summary'],
    params: { asset: 'asset', workstream_summary: 'workstreamSummary' },
    relation: ['asset', 'summaries'],
    also: (tx, { asset }) => recordActivity(tx, asset!, 'updated'),
  }),
]

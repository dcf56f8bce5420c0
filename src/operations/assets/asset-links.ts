import { recordActivity } from '../../domain/asset-activity.js'
import { assetEvent } from './asset-link-events.js'
import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 16 link routes of the client's AssetApi: the 6 of the spec (§4.4), and
 * anchors, annotations, conversations, messages and persons. Each is stored on both
 * records; links to tags, websites, summaries, anchors and annotations are
 * logged as the asset's activities.
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
  associate({
    id: 'assetAssociateAnchor',
    paths: ['/asset/:asset/anchors/associate/:anchor'],
    params: { asset: 'asset', anchor: 'anchor' },
    relation: ['asset', 'anchors'],
    also: assetEvent('anchorAdded'),
  }),
  disassociate({
    id: 'assetDisassociateAnchor',
    paths: ['/asset/:asset/anchors/disassociate/:anchor'],
    params: { asset: 'asset', anchor: 'anchor' },
    relation: ['asset', 'anchors'],
    also: assetEvent('anchorDeleted'),
  }),
  associate({
    id: 'assetAssociateAnnotation',
    paths: ['/asset/:asset/annotations/associate/:annotation'],
    params: { asset: 'asset', annotation: 'annotation' },
    relation: ['asset', 'annotations'],
    also: assetEvent('annotationAdded'),
  }),
  disassociate({
    id: 'assetDisassociateAnnotation',
    paths: ['/asset/:asset/annotations/disassociate/:annotation'],
    params: { asset: 'asset', annotation: 'annotation' },
    relation: ['asset', 'annotations'],
    also: assetEvent('annotationDeleted'),
  }),
  associate({
    id: 'assetAssociateConversation',
    paths: ['/asset/:asset/conversations/associate/:conversation'],
    params: { asset: 'asset', conversation: 'conversation' },
    relation: ['conversation', 'assets'],
  }),
  disassociate({
    id: 'assetDisassociateConversation',
    paths: ['/asset/:asset/conversations/disassociate/:conversation'],
    params: { asset: 'asset', conversation: 'conversation' },
    relation: ['conversation', 'assets'],
  }),
  associate({
    id: 'assetAssociateConversationMessage',
    paths: ['/asset/:asset/messages/associate/:message'],
    params: { asset: 'asset', message: 'message' },
    relation: ['message', 'assets'],
  }),
  disassociate({
    id: 'assetDisassociateConversationMessage',
    paths: ['/asset/:asset/messages/disassociate/:message'],
    params: { asset: 'asset', message: 'message' },
    relation: ['message', 'assets'],
  }),
  associate({
    id: 'assetAssociatePerson',
    paths: ['/asset/:asset/persons/associate/:person'],
    params: { asset: 'asset', person: 'person' },
    relation: ['person', 'assets'],
  }),
  disassociate({
    id: 'assetDisassociatePerson',
    paths: ['/asset/:asset/persons/disassociate/:person'],
    params: { asset: 'asset', person: 'person' },
    relation: ['person', 'assets'],
  }),
]

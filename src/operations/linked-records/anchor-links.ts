import { assetEvent } from '../assets/asset-link-events.js'
import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 18 link routes of the client's AnchorApi, from the anchor side: each
 * changes the same link on both records as the other side's route does,
 * with the same activity where the other side logs one.
 *
 * @example
 * routeTable() // holds these
 */
export const anchorLinksOperations: readonly Operation[] = [
  associate({
    id: 'anchorAssociateAnnotation',
    paths: ['/anchor/:anchor/annotations/associate/:annotation'],
    params: { anchor: 'anchor', annotation: 'annotation' },
    relation: ['anchor', 'annotations'],
  }),
  disassociate({
    id: 'anchorDisassociateAnnotation',
    paths: ['/anchor/:anchor/annotations/disassociate/:annotation'],
    params: { anchor: 'anchor', annotation: 'annotation' },
    relation: ['anchor', 'annotations'],
  }),
  associate({
    id: 'anchorAssociateAsset',
    paths: ['/anchor/:anchor/assets/associate/:asset'],
    params: { anchor: 'anchor', asset: 'asset' },
    relation: ['asset', 'anchors'],
    also: assetEvent('anchorAdded'),
  }),
  disassociate({
    id: 'anchorDisassociateAsset',
    paths: ['/anchor/:anchor/assets/disassociate/:asset'],
    params: { anchor: 'anchor', asset: 'asset' },
    relation: ['asset', 'anchors'],
    also: assetEvent('anchorDeleted'),
  }),
  associate({
    id: 'anchorAssociateConversation',
    paths: ['/anchor/:anchor/conversations/associate/:conversation'],
    params: { anchor: 'anchor', conversation: 'conversation' },
    relation: ['conversation', 'anchors'],
  }),
  disassociate({
    id: 'anchorDisassociateConversation',
    paths: ['/anchor/:anchor/conversations/disassociate/:conversation'],
    params: { anchor: 'anchor', conversation: 'conversation' },
    relation: ['conversation', 'anchors'],
  }),
  associate({
    id: 'anchorAssociateMessage',
    paths: ['/anchor/:anchor/messages/associate/:message'],
    params: { anchor: 'anchor', message: 'message' },
    relation: ['message', 'anchors'],
  }),
  disassociate({
    id: 'anchorDisassociateMessage',
    paths: ['/anchor/:anchor/messages/disassociate/:message'],
    params: { anchor: 'anchor', message: 'message' },
    relation: ['message', 'anchors'],
  }),
  associate({
    id: 'anchorAssociateTag',
    paths: ['/anchor/:anchor/tags/associate/:tag'],
    params: { anchor: 'anchor', tag: 'tag' },
    relation: ['anchor', 'tags'],
  }),
  disassociate({
    id: 'anchorDisassociateTag',
    paths: ['/anchor/:anchor/tags/disassociate/:tag'],
    params: { anchor: 'anchor', tag: 'tag' },
    relation: ['anchor', 'tags'],
  }),
  associate({
    id: 'anchorAssociateWorkstreamSummary',
    paths: ['/anchor/:anchor/workstream_summaries/associate/:workstream_summary'],
    params: { anchor: 'anchor', workstream_summary: 'workstreamSummary' },
    relation: ['anchor', 'summaries'],
  }),
  disassociate({
    id: 'anchorDisassociateWorkstreamSummary',
    paths: ['/anchor/:anchor/workstream_summaries/disassociate/:workstream_summary'],
    params: { anchor: 'anchor', workstream_summary: 'workstreamSummary' },
    relation: ['anchor', 'summaries'],
  }),
  associate({
    id: 'anchorAssociatePerson',
    paths: ['/anchor/:anchor/persons/associate/:person'],
    params: { anchor: 'anchor', person: 'person' },
    relation: ['person', 'anchors'],
  }),
  disassociate({
    id: 'anchorDisassociatePerson',
    paths: ['/anchor/:anchor/persons/disassociate/:person'],
    params: { anchor: 'anchor', person: 'person' },
    relation: ['person', 'anchors'],
  }),
  associate({
    id: 'anchorAssociateWorkstreamEvent',
    paths: ['/anchor/:anchor/workstream_events/associate/:workstream_event'],
    params: { anchor: 'anchor', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'anchors'],
  }),
  disassociate({
    id: 'anchorDisassociateWorkstreamEvent',
    paths: ['/anchor/:anchor/workstream_events/disassociate/:workstream_event'],
    params: { anchor: 'anchor', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'anchors'],
  }),
  associate({
    id: 'anchorAssociateWorkstreamPatternEngineSource',
    paths: ['/anchor/:anchor/workstream_pattern_engine/sources/associate/:source'],
    params: { anchor: 'anchor', source: 'source' },
    relation: ['source', 'anchors'],
  }),
  disassociate({
    id: 'anchorDisassociateWorkstreamPatternEngineSource',
    paths: ['/anchor/:anchor/workstream_pattern_engine/sources/disassociate/:source'],
    params: { anchor: 'anchor', source: 'source' },
    relation: ['source', 'anchors'],
  }),
]

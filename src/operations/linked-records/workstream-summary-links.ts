import { assetEvent } from '../assets/asset-link-events.js'
import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 22 link routes of the client's WorkstreamSummaryApi, from the workstream summary side: each
 * changes the same link on both records as the other side's route does,
 * with the same activity where the other side logs one.
 *
 * @example
 * routeTable() // holds these
 */
export const workstreamSummaryLinksOperations: readonly Operation[] = [
  associate({
    id: 'workstreamSummaryAssociateAnchor',
    paths: ['/workstream_summary/:workstream_summary/anchors/associate/:anchor'],
    params: { workstream_summary: 'workstreamSummary', anchor: 'anchor' },
    relation: ['anchor', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateAnchor',
    paths: ['/workstream_summary/:workstream_summary/anchors/disassociate/:anchor'],
    params: { workstream_summary: 'workstreamSummary', anchor: 'anchor' },
    relation: ['anchor', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociateAnnotation',
    paths: ['/workstream_summary/:workstream_summary/annotations/associate/:annotation'],
    params: { workstream_summary: 'workstreamSummary', annotation: 'annotation' },
    relation: ['annotation', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateAnnotation',
    paths: ['/workstream_summary/:workstream_summary/annotations/disassociate/:annotation'],
    params: { workstream_summary: 'workstreamSummary', annotation: 'annotation' },
    relation: ['annotation', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociateAsset',
    paths: ['/workstream_summary/:workstream_summary/assets/associate/:asset'],
    params: { workstream_summary: 'workstreamSummary', asset: 'asset' },
    relation: ['asset', 'summaries'],
    also: assetEvent('updated'),
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateAsset',
    paths: ['/workstream_summary/:workstream_summary/assets/disassociate/:asset'],
    params: { workstream_summary: 'workstreamSummary', asset: 'asset' },
    relation: ['asset', 'summaries'],
    also: assetEvent('updated'),
  }),
  associate({
    id: 'workstreamSummaryAssociateConversation',
    paths: ['/workstream_summary/:workstream_summary/conversations/associate/:conversation'],
    params: { workstream_summary: 'workstreamSummary', conversation: 'conversation' },
    relation: ['conversation', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateConversation',
    paths: ['/workstream_summary/:workstream_summary/conversations/disassociate/:conversation'],
    params: { workstream_summary: 'workstreamSummary', conversation: 'conversation' },
    relation: ['conversation', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociateConversationMessage',
    paths: ['/workstream_summary/:workstream_summary/messages/associate/:message'],
    params: { workstream_summary: 'workstreamSummary', message: 'message' },
    relation: ['message', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateConversationMessage',
    paths: ['/workstream_summary/:workstream_summary/messages/disassociate/:message'],
    params: { workstream_summary: 'workstreamSummary', message: 'message' },
    relation: ['message', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociateRange',
    paths: ['/workstream_summary/:workstream_summary/ranges/associate/:range'],
    params: { workstream_summary: 'workstreamSummary', range: 'range' },
    relation: ['range', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateRange',
    paths: ['/workstream_summary/:workstream_summary/ranges/disassociate/:range'],
    params: { workstream_summary: 'workstreamSummary', range: 'range' },
    relation: ['range', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociateTag',
    paths: ['/workstream_summary/:workstream_summary/tags/associate/:tag'],
    params: { workstream_summary: 'workstreamSummary', tag: 'tag' },
    relation: ['tag', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateTag',
    paths: ['/workstream_summary/:workstream_summary/tags/disassociate/:tag'],
    params: { workstream_summary: 'workstreamSummary', tag: 'tag' },
    relation: ['tag', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociateWebsite',
    paths: ['/workstream_summary/:workstream_summary/websites/associate/:website'],
    params: { workstream_summary: 'workstreamSummary', website: 'website' },
    relation: ['website', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateWebsite',
    paths: ['/workstream_summary/:workstream_summary/websites/disassociate/:website'],
    params: { workstream_summary: 'workstreamSummary', website: 'website' },
    relation: ['website', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociatePerson',
    paths: ['/workstream_summary/:workstream_summary/persons/associate/:person'],
    params: { workstream_summary: 'workstreamSummary', person: 'person' },
    relation: ['person', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociatePerson',
    paths: ['/workstream_summary/:workstream_summary/persons/disassociate/:person'],
    params: { workstream_summary: 'workstreamSummary', person: 'person' },
    relation: ['person', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociateWorkstreamEvent',
    paths: ['/workstream_summary/:workstream_summary/workstream_events/associate/:workstream_event'],
    params: { workstream_summary: 'workstreamSummary', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateWorkstreamEvent',
    paths: ['/workstream_summary/:workstream_summary/workstream_events/disassociate/:workstream_event'],
    params: { workstream_summary: 'workstreamSummary', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'summaries'],
  }),
  associate({
    id: 'workstreamSummaryAssociateWorkstreamPatternEngineSource',
    paths: ['/workstream_summary/:workstream_summary/workstream_pattern_engine/sources/associate/:source'],
    params: { workstream_summary: 'workstreamSummary', source: 'source' },
    relation: ['source', 'summaries'],
  }),
  disassociate({
    id: 'workstreamSummaryDisassociateWorkstreamPatternEngineSource',
    paths: ['/workstream_summary/:workstream_summary/workstream_pattern_engine/sources/disassociate/:source'],
    params: { workstream_summary: 'workstreamSummary', source: 'source' },
    relation: ['source', 'summaries'],
  }),
]

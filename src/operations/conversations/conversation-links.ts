import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 16 link routes of the client's ConversationApi: the 12 of the spec
 * (§4.3), annotations and the workstream pattern-engine sources it is
 * grounded in (`grounding.sources`), stored on both records; the anchor and asset
 * unlinks answer under both `/delete/` and `/disassociate/`.
 *
 * @example
 * routeTable() // holds these
 */
export const conversationLinksOperations: readonly Operation[] = [
  associate({
    id: 'conversationAssociateAnchor',
    paths: ['/conversation/:conversation/anchors/associate/:anchor'],
    params: { conversation: 'conversation', anchor: 'anchor' },
    relation: ['conversation', 'anchors'],
  }),
  disassociate({
    id: 'conversationDisassociateAnchor',
    paths: [
      '/conversation/:conversation/anchors/delete/:anchor',
      '/conversation/:conversation/anchors/disassociate/:anchor',
    ],
    params: { conversation: 'conversation', anchor: 'anchor' },
    relation: ['conversation', 'anchors'],
  }),
  associate({
    id: 'conversationAssociateAsset',
    paths: ['/conversation/:conversation/assets/associate/:asset'],
    params: { conversation: 'conversation', asset: 'asset' },
    relation: ['conversation', 'assets'],
  }),
  disassociate({
    id: 'conversationDisassociateAsset',
    paths: [
      '/conversation/:conversation/assets/delete/:asset',
      '/conversation/:conversation/assets/disassociate/:asset',
    ],
    params: { conversation: 'conversation', asset: 'asset' },
    relation: ['conversation', 'assets'],
  }),
  associate({
    id: 'conversationAssociateGroundingTemporalRangeWorkstream',
    paths: ['/conversation/:conversation/grounding/temporal_range/workstreams/associate/:range'],
    params: { conversation: 'conversation', range: 'range' },
    relation: ['conversation', 'groundingRanges'],
  }),
  disassociate({
    id: 'conversationDisassociateGroundingTemporalRangeWorkstream',
    paths: ['/conversation/:conversation/grounding/temporal_range/workstreams/disassociate/:range'],
    params: { conversation: 'conversation', range: 'range' },
    relation: ['conversation', 'groundingRanges'],
  }),
  associate({
    id: 'conversationAssociateWebsite',
    paths: ['/conversation/:conversation/websites/associate/:website'],
    params: { conversation: 'conversation', website: 'website' },
    relation: ['conversation', 'websites'],
  }),
  disassociate({
    id: 'conversationDisassociateWebsite',
    paths: ['/conversation/:conversation/websites/disassociate/:website'],
    params: { conversation: 'conversation', website: 'website' },
    relation: ['conversation', 'websites'],
  }),
  associate({
    id: 'conversationAssociateWorkstreamSummary',
    paths: ['/conversation/:conversation/workstream_summaries/associate/:workstream_summary'],
    params: { conversation: 'conversation', workstream_summary: 'workstreamSummary' },
    relation: ['conversation', 'summaries'],
  }),
  disassociate({
    id: 'conversationDisassociateWorkstreamSummary',
    paths: ['/conversation/:conversation/workstream_summaries/disassociate/:workstream_summary'],
    params: { conversation: 'conversation', workstream_summary: 'workstreamSummary' },
    relation: ['conversation', 'summaries'],
  }),
  associate({
    id: 'conversationGroundingMessagesAssociateMessage',
    paths: ['/conversation/:conversation/grounding/messages/associate/:message'],
    params: { conversation: 'conversation', message: 'message' },
    relation: ['conversation', 'groundingMessages'],
  }),
  disassociate({
    id: 'conversationGroundingMessagesDisassociateMessage',
    paths: ['/conversation/:conversation/grounding/messages/disassociate/:message'],
    params: { conversation: 'conversation', message: 'message' },
    relation: ['conversation', 'groundingMessages'],
  }),
  associate({
    id: 'conversationAssociateAnnotation',
    paths: ['/conversation/:conversation/annotations/associate/:annotation'],
    params: { conversation: 'conversation', annotation: 'annotation' },
    relation: ['conversation', 'annotations'],
  }),
  disassociate({
    id: 'conversationDisassociateAnnotation',
    paths: ['/conversation/:conversation/annotations/disassociate/:annotation'],
    params: { conversation: 'conversation', annotation: 'annotation' },
    relation: ['conversation', 'annotations'],
  }),
  associate({
    id: 'conversationAssociateGroundingWorkstreamPatternEngineSource',
    paths: ['/conversation/:conversation/grounding/workstream_pattern_engine/sources/associate/:source'],
    params: { conversation: 'conversation', source: 'source' },
    relation: ['source', 'conversations'],
  }),
  disassociate({
    id: 'conversationDisassociateGroundingWorkstreamPatternEngineSource',
    paths: ['/conversation/:conversation/grounding/workstream_pattern_engine/sources/disassociate/:source'],
    params: { conversation: 'conversation', source: 'source' },
    relation: ['source', 'conversations'],
  }),
]

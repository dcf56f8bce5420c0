import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 6 link routes of the client's RangeApi, from the range side: each
 * changes the same link on both records as the other side's route does,
 * with the same activity where the other side logs one. Linking a conversation
 * grounds it in the range, as the conversation-side route does.
 *
 * @example
 * routeTable() // holds these
 */
export const rangeLinksOperations: readonly Operation[] = [
  associate({
    id: 'rangeAssociateConversationGroundingTemporalRangeWorkstreams',
    paths: ['/range/:range/conversations/grounding/temporal_range/workstreams/associate/:conversation'],
    params: { range: 'range', conversation: 'conversation' },
    relation: ['conversation', 'groundingRanges'],
  }),
  disassociate({
    id: 'rangeDisassociateConversationGroundingTemporalRangeWorkstreams',
    paths: ['/range/:range/conversations/grounding/temporal_range/workstreams/disassociate/:conversation'],
    params: { range: 'range', conversation: 'conversation' },
    relation: ['conversation', 'groundingRanges'],
  }),
  associate({
    id: 'rangeAssociateConversationMessage',
    paths: ['/range/:range/messages/associate/:message'],
    params: { range: 'range', message: 'message' },
    relation: ['message', 'ranges'],
  }),
  disassociate({
    id: 'rangeDisassociateConversationMessage',
    paths: ['/range/:range/messages/disassociate/:message'],
    params: { range: 'range', message: 'message' },
    relation: ['message', 'ranges'],
  }),
  associate({
    id: 'rangeAssociateWorkstreamSummary',
    paths: ['/range/:range/workstream_summaries/associate/:workstream_summary'],
    params: { range: 'range', workstream_summary: 'workstreamSummary' },
    relation: ['range', 'summaries'],
  }),
  disassociate({
    id: 'rangeDisassociateWorkstreamSummary',
    paths: ['/range/:range/workstream_summaries/disassociate/:workstream_summary'],
    params: { range: 'range', workstream_summary: 'workstreamSummary' },
    relation: ['range', 'summaries'],
  }),
]

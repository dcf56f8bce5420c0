import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The link routes of the client's WorkstreamPatternEngineSourceApi, from the
 * source side: anchors, the conversations grounded in it, messages, persons,
 * websites, workstream events and workstream summaries, each changed on both records as the other side's
 * route does.
 *
 * @example
 * routeTable() // holds these
 */
export const sourceLinksOperations: readonly Operation[] = [
  associate({
    id: 'workstreamPatternEngineSourceAssociateAnchor',
    paths: ['/workstream_pattern_engine/source/:source/anchors/associate/:anchor'],
    params: { source: 'source', anchor: 'anchor' },
    relation: ['source', 'anchors'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceDisassociateAnchor',
    paths: ['/workstream_pattern_engine/source/:source/anchors/disassociate/:anchor'],
    params: { source: 'source', anchor: 'anchor' },
    relation: ['source', 'anchors'],
  }),
  associate({
    id: 'workstreamPatternEngineSourceAssociateConversation',
    paths: ['/workstream_pattern_engine/source/:source/conversations/grounding/sources/associate/:conversation'],
    params: { source: 'source', conversation: 'conversation' },
    relation: ['source', 'conversations'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceDisassociateConversation',
    paths: ['/workstream_pattern_engine/source/:source/conversations/grounding/sources/disassociate/:conversation'],
    params: { source: 'source', conversation: 'conversation' },
    relation: ['source', 'conversations'],
  }),
  associate({
    id: 'workstreamPatternEngineSourceAssociateConversationMessage',
    paths: ['/workstream_pattern_engine/source/:source/messages/associate/:message'],
    params: { source: 'source', message: 'message' },
    relation: ['source', 'messages'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceDisassociateConversationMessage',
    paths: ['/workstream_pattern_engine/source/:source/messages/disassociate/:message'],
    params: { source: 'source', message: 'message' },
    relation: ['source', 'messages'],
  }),
  associate({
    id: 'workstreamPatternEngineSourceAssociateWebsite',
    paths: ['/workstream_pattern_engine/source/:source/websites/associate/:website'],
    params: { source: 'source', website: 'website' },
    relation: ['source', 'websites'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceDisassociateWebsite',
    paths: ['/workstream_pattern_engine/source/:source/websites/disassociate/:website'],
    params: { source: 'source', website: 'website' },
    relation: ['source', 'websites'],
  }),
  associate({
    id: 'workstreamPatternEngineSourceAssociateWorkstreamSummary',
    paths: ['/workstream_pattern_engine/source/:source/workstream_summaries/associate/:workstream_summary'],
    params: { source: 'source', workstream_summary: 'workstreamSummary' },
    relation: ['source', 'summaries'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceDisassociateWorkstreamSummary',
    paths: ['/workstream_pattern_engine/source/:source/workstream_summaries/disassociate/:workstream_summary'],
    params: { source: 'source', workstream_summary: 'workstreamSummary' },
    relation: ['source', 'summaries'],
  }),
  associate({
    id: 'workstreamPatternEngineSourceAssociatePerson',
    paths: ['/workstream_pattern_engine/source/:source/persons/associate/:person'],
    params: { source: 'source', person: 'person' },
    relation: ['source', 'persons'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceDisassociatePerson',
    paths: ['/workstream_pattern_engine/source/:source/persons/disassociate/:person'],
    params: { source: 'source', person: 'person' },
    relation: ['source', 'persons'],
  }),
  associate({
    id: 'workstreamPatternEngineSourceAssociateWorkstreamEvent',
    paths: ['/workstream_pattern_engine/source/:source/workstream_events/associate/:workstream_event'],
    params: { source: 'source', workstream_event: 'workstreamEvent' },
    relation: ['source', 'workstreamEvents'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceDisassociateWorkstreamEvent',
    paths: ['/workstream_pattern_engine/source/:source/workstream_events/disassociate/:workstream_event'],
    params: { source: 'source', workstream_event: 'workstreamEvent' },
    relation: ['source', 'workstreamEvents'],
  }),
]

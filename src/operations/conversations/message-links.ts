import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'
import { scoresIncrementOperation } from '../define/record-routes.js'

/**
 * The 22 link routes of the client's ConversationMessageApi, from the message
 * side, and the message's score increment: each link changes the same link on
 * both records as the other side's route does. A message linked with another
 * holds it in `messages`, and so does the other.
 *
 * @example
 * routeTable() // holds these
 */
export const messageLinksOperations: readonly Operation[] = [
  associate({
    id: 'messageAssociateAnchor',
    paths: ['/message/:message/anchors/associate/:anchor'],
    params: { message: 'message', anchor: 'anchor' },
    relation: ['message', 'anchors'],
  }),
  disassociate({
    id: 'messageDisassociateAnchor',
    paths: ['/message/:message/anchors/disassociate/:anchor'],
    params: { message: 'message', anchor: 'anchor' },
    relation: ['message', 'anchors'],
  }),
  associate({
    id: 'messageAssociateAnnotation',
    paths: ['/message/:message/annotations/associate/:annotation'],
    params: { message: 'message', annotation: 'annotation' },
    relation: ['message', 'annotations'],
  }),
  disassociate({
    id: 'messageDisassociateAnnotation',
    paths: ['/message/:message/annotations/disassociate/:annotation'],
    params: { message: 'message', annotation: 'annotation' },
    relation: ['message', 'annotations'],
  }),
  associate({
    id: 'conversationMessageAssociateAsset',
    paths: ['/message/:message/assets/associate/:asset'],
    params: { message: 'message', asset: 'asset' },
    relation: ['message', 'assets'],
  }),
  disassociate({
    id: 'conversationMessageDisassociateAsset',
    paths: ['/message/:message/assets/disassociate/:asset'],
    params: { message: 'message', asset: 'asset' },
    relation: ['message', 'assets'],
  }),
  associate({
    id: 'conversationMessageAssociateConversationMessage',
    paths: ['/message/:message/messages/associate/:additional_message'],
    params: { message: 'message', additional_message: 'message' },
    relation: ['message', 'messages'],
  }),
  disassociate({
    id: 'conversationMessageDisassociateConversationMessage',
    paths: ['/message/:message/messages/disassociate/:additional_message'],
    params: { message: 'message', additional_message: 'message' },
    relation: ['message', 'messages'],
  }),
  associate({
    id: 'conversationMessageAssociateRange',
    paths: ['/message/:message/ranges/associate/:range'],
    params: { message: 'message', range: 'range' },
    relation: ['message', 'ranges'],
  }),
  disassociate({
    id: 'conversationMessageDisassociateRange',
    paths: ['/message/:message/ranges/disassociate/:range'],
    params: { message: 'message', range: 'range' },
    relation: ['message', 'ranges'],
  }),
  associate({
    id: 'conversationMessageAssociateTag',
    paths: ['/message/:message/tags/associate/:tag'],
    params: { message: 'message', tag: 'tag' },
    relation: ['message', 'tags'],
  }),
  disassociate({
    id: 'conversationMessageDisassociateTag',
    paths: ['/message/:message/tags/disassociate/:tag'],
    params: { message: 'message', tag: 'tag' },
    relation: ['message', 'tags'],
  }),
  associate({
    id: 'messageAssociateWebsite',
    paths: ['/message/:message/websites/associate/:website'],
    params: { message: 'message', website: 'website' },
    relation: ['message', 'websites'],
  }),
  disassociate({
    id: 'messageDisassociateWebsite',
    paths: ['/message/:message/websites/disassociate/:website'],
    params: { message: 'message', website: 'website' },
    relation: ['message', 'websites'],
  }),
  associate({
    id: 'conversationMessageAssociateWorkstreamSummary',
    paths: ['/message/:message/workstream_summaries/associate/:workstream_summary'],
    params: { message: 'message', workstream_summary: 'workstreamSummary' },
    relation: ['message', 'summaries'],
  }),
  disassociate({
    id: 'conversationMessageDisassociateWorkstreamSummary',
    paths: ['/message/:message/workstream_summaries/disassociate/:workstream_summary'],
    params: { message: 'message', workstream_summary: 'workstreamSummary' },
    relation: ['message', 'summaries'],
  }),
  scoresIncrementOperation({
    id: 'messageScoresIncrement',
    paths: ['/message/:message/scores/increment'],
    param: 'message',
    kind: 'message',
    keys: ['conversationMessage', 'conversationMessages'],
  }),
  associate({
    id: 'messageAssociatePerson',
    paths: ['/message/:message/persons/associate/:person'],
    params: { message: 'message', person: 'person' },
    relation: ['person', 'messages'],
  }),
  disassociate({
    id: 'messageDisassociatePerson',
    paths: ['/message/:message/persons/disassociate/:person'],
    params: { message: 'message', person: 'person' },
    relation: ['person', 'messages'],
  }),
  associate({
    id: 'conversationMessageAssociateWorkstreamEvent',
    paths: ['/message/:message/workstream_events/associate/:workstream_event'],
    params: { message: 'message', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'messages'],
  }),
  disassociate({
    id: 'conversationMessageDisassociateWorkstreamEvent',
    paths: ['/message/:message/workstream_events/disassociate/:workstream_event'],
    params: { message: 'message', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'messages'],
  }),
  associate({
    id: 'conversationMessageAssociateWorkstreamPatternEngineSource',
    paths: ['/message/:message/workstream_pattern_engine/sources/associate/:source'],
    params: { message: 'message', source: 'source' },
    relation: ['source', 'messages'],
  }),
  disassociate({
    id: 'conversationMessageDisassociateWorkstreamPatternEngineSource',
    paths: ['/message/:message/workstream_pattern_engine/sources/disassociate/:source'],
    params: { message: 'message', source: 'source' },
    relation: ['source', 'messages'],
  }),
]

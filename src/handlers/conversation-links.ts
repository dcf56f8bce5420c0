import { defineOperation, noContent, type Operation } from '../http/operation.js'
import { pathId } from '../http/request-input.js'
import type { DeclaredLink } from '../store/relations.js'

interface ConversationLink {
  /** The spec's name of the linked record, as in `conversationAssociate<Name>`. */
  associate: string
  disassociate: string
  /** Path segments after `/conversation/:conversation/`. */
  segment: string
  /** The verb of the unlink route(s); the old `delete` spelling stays routed. */
  unlinkVerbs: readonly string[]
  param: string
  /** The conversation field that holds the link (see src/store/relations.ts). */
  field: DeclaredLink<'conversation'>
}

const LINKS: readonly ConversationLink[] = [
  {
    associate: 'conversationAssociateAnchor',
    disassociate: 'conversationDisassociateAnchor',
    segment: 'anchors',
    unlinkVerbs: ['delete', 'disassociate'],
    param: 'anchor',
    field: 'anchors',
  },
  {
    associate: 'conversationAssociateAsset',
    disassociate: 'conversationDisassociateAsset',
    segment: 'assets',
    unlinkVerbs: ['delete', 'disassociate'],
    param: 'asset',
    field: 'assets',
  },
  {
    associate: 'conversationAssociateGroundingTemporalRangeWorkstream',
    disassociate: 'conversationDisassociateGroundingTemporalRangeWorkstream',
    segment: 'grounding/temporal_range/workstreams',
    unlinkVerbs: ['disassociate'],
    param: 'range',
    field: 'groundingRanges',
  },
  {
    associate: 'conversationAssociateWebsite',
    disassociate: 'conversationDisassociateWebsite',
    segment: 'websites',
    unlinkVerbs: ['disassociate'],
    param: 'website',
    field: 'websites',
  },
  {
    associate: 'conversationAssociateWorkstreamSummary',
    disassociate: 'conversationDisassociateWorkstreamSummary',
    segment: 'workstream_summaries',
    unlinkVerbs: ['disassociate'],
    param: 'workstream_summary',
    field: 'summaries',
  },
  {
    associate: 'conversationGroundingMessagesAssociateMessage',
    disassociate: 'conversationGroundingMessagesDisassociateMessage',
    segment: 'grounding/messages',
    unlinkVerbs: ['disassociate'],
    param: 'message',
    field: 'groundingMessages',
  },
]

/**
 * The 12 conversation link routes (spec §4.3), stored on both records; the
 * anchor and asset unlinks answer under both `/delete/` and `/disassociate/`.
 *
 * @example
 * createMswHandlers(conversationLinksOperations, service)
 */
export const conversationLinksOperations: readonly Operation[] = LINKS.flatMap((link) => [
  defineOperation({
    id: link.associate,
    method: 'POST',
    paths: [`/conversation/:conversation/${link.segment}/associate/:${link.param}`],
    async run(context) {
      const conversation = pathId(context, 'conversation')
      const other = pathId(context, link.param)
      await context.store.write((tx) => tx.link('conversation', conversation, link.field, other))
      return noContent()
    },
  }),
  defineOperation({
    id: link.disassociate,
    method: 'POST',
    paths: link.unlinkVerbs.map((verb) => `/conversation/:conversation/${link.segment}/${verb}/:${link.param}`),
    async run(context) {
      const conversation = pathId(context, 'conversation')
      const other = pathId(context, link.param)
      await context.store.write((tx) => tx.unlink('conversation', conversation, link.field, other))
      return noContent()
    },
  }),
])

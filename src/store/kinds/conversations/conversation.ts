import { z } from 'zod'
import { buildApplicationSchema } from '../../schemas/application-schema.js'
import { conversationType } from '../../schemas/enums.js'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildConversationSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    name: z.string().optional(),
    type: conversationType.default('COPILOT'),
    created: timestamp,
    updated: timestamp,
    favorited: z.boolean().default(false),
    application: buildApplicationSchema().optional(),
    /** Id of the model the conversation runs on (a ReferencedModel on the wire). */
    model: id.optional(),
    messages: ids,
    annotations: ids,
    assets: ids,
    websites: ids,
    anchors: ids,
    summaries: ids,
    /** `grounding.messages` on the wire. */
    groundingMessages: ids,
    /** `grounding.temporal.workstreams` on the wire. */
    groundingRanges: ids,
    /** `grounding.sources` on the wire. */
    groundingSources: ids,
    score: buildScore().default(sharedZeroScore),
    pipeline: z.record(z.string(), z.unknown()).optional(),
    demo: z.boolean().optional(),
  })

/**
 * A conversation with the copilot: its messages, and the records it is grounded in.
 *
 * @example
 * conversationKind.fixtureFile // 'conversations.json'
 */
export const conversationKind = declareKind({
  name: 'conversation',
  schema: buildConversationSchema,
  defaults: {
    type: 'COPILOT',
    favorited: false,
    ...emptyLinks('messages', 'annotations', 'assets', 'websites', 'anchors', 'summaries'),
    ...emptyLinks('groundingMessages', 'groundingRanges', 'groundingSources'),
    score: sharedZeroScore(),
  },
  links: {
    messages: { to: 'message', inverse: 'conversation', inverseOne: true },
    annotations: { to: 'annotation', inverse: 'conversation', inverseOne: true },
    assets: { to: 'asset', inverse: 'conversations' },
    websites: { to: 'website', inverse: 'conversations' },
    anchors: { to: 'anchor', inverse: 'conversations' },
    summaries: { to: 'workstreamSummary', inverse: 'conversations' },
    groundingRanges: { to: 'range', inverse: 'conversations' },
    groundingMessages: { to: 'message' },
  },
  fixtureFile: 'conversations.json',
  generated: 'made-up',
  label: (conversation) => clipLabel(conversation.name || '(untitled conversation)'),
  clientModels: [{ model: 'Conversation' }, { model: 'Conversations', many: true }],
  nestedAs: 'conversations',
  serializer: 'conversation',
})

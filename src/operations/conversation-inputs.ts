import { z } from 'zod'
import {
  anchorType,
  annotationType,
  conversationType,
  messageRole,
  messageSentiment,
} from '../store/enums.js'
import { applicationSchema, fragmentSchema, scoreSchema } from '../store/schemas.js'

/*
 * Request bodies of the conversation operations, as the official client sends
 * them (wire keys). Unknown keys are accepted and ignored, as the real service does.
 */

const id = z.string().min(1)
const reference = z.object({ id }).loose()
const references = z.object({ iterable: z.array(reference) }).loose()
const timestamp = z.object({ value: z.iso.datetime({ offset: true }) }).loose()

export const seededConversationMessageInput = z
  .object({
    role: messageRole,
    fragment: fragmentSchema,
    sentiment: messageSentiment.optional(),
    created: timestamp.optional(),
  })
  .loose()

export const seededAnnotationInput = z
  .object({ type: annotationType, text: z.string(), favorited: z.boolean().optional() })
  .loose()

export const seededAnchorInput = z
  .object({ type: anchorType, fullpath: z.string(), name: z.string().optional(), watch: z.boolean().optional() })
  .loose()

/** SeededConversation: the body of `POST /conversations/create`. */
export const seededConversationInput = z
  .object({
    type: conversationType,
    name: z.string().nullish(),
    favorited: z.boolean().nullish(),
    application: applicationSchema.optional(),
    annotations: z.array(seededAnnotationInput).optional(),
    messages: z.array(seededConversationMessageInput).optional(),
    model: reference.optional(),
    assets: references.optional(),
    websites: references.optional(),
    anchors: z.array(seededAnchorInput).optional(),
    pipeline: z.record(z.string(), z.unknown()).optional(),
    demo: z.boolean().optional(),
  })
  .loose()

/** Conversation: the body of `POST /conversation/update` (the full object). */
export const conversationUpdateInput = z
  .object({
    id,
    created: timestamp,
    updated: timestamp,
    type: conversationType,
    messages: references,
    name: z.string().nullish(),
    favorited: z.boolean().nullish(),
    application: applicationSchema.optional(),
    model: reference.optional(),
    pipeline: z.record(z.string(), z.unknown()).optional(),
    demo: z.boolean().optional(),
    score: scoreSchema.optional(),
  })
  .loose()

/** ConversationSummarizeInput: which messages to summarise (all when absent). */
export const conversationSummarizeInput = z
  .object({ messages: references.optional() })
  .loose()
  .optional()

const seededScore = z
  .object({
    reuse: z.boolean().optional(),
    update: z.boolean().optional(),
    reference: z.boolean().optional(),
    priority: z.boolean().optional(),
    searched: z.boolean().optional(),
  })
  .loose()

/** SeededScoreIncrement: which counters to raise, per kind of record. */
export const seededScoreIncrementInput = z.record(z.string(), seededScore).optional()

export type SeededScore = z.output<typeof seededScore>

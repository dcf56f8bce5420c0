import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { conversationType } from '../../store/schemas/enums.js'
import { seededScore } from './seeds.js'
import { applicationSchema, scoreSchema } from '../../store/schemas/schemas.js'
import { recordId as id, reference, references, groupedTimestamp as timestamp } from './wire-parts.js'

/*
 * Request bodies of the conversation operations, as the official client sends
 * them (wire keys). Unknown keys are accepted and ignored, as the real service does.
 */

/** Conversation: the body of `POST /conversation/update` (the full object). */
export const conversationUpdateInput = lazySchema(() =>
  z
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
    .loose(),
)

/** ConversationSummarizeInput: which messages to summarise (all when absent). */
export const conversationSummarizeInput = lazySchema(() =>
  z.object({ messages: references.optional() }).loose().optional(),
)

/** SeededScoreIncrement: which counters to raise, per kind of record. */
export const seededScoreIncrementInput = lazySchema(() => z.record(z.string(), seededScore).optional())

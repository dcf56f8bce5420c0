import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import {
  classificationGeneric,
  classificationSpecific,
  conversationType,
  mechanism,
  messageRole,
  tagCategory,
  messageSentiment,
} from '../../store/schemas/enums.js'
import { applicationSchema, fragmentSchema, transferableStringSchema } from '../../store/schemas/schemas.js'
import { reference, references, groupedTimestamp as timestamp } from './wire-parts.js'
import { seededAnchorInput, seededAnnotationInput } from './record-seeds.js'

/*
 * What the domain creates records from: the seeds of the official client's
 * models (SeededConversation, Seed, SeededScore), as the client sends them
 * (wire keys). Unknown keys are accepted and ignored, as the real service does.
 */

/** SeededConversationMessage's own fields: a message as a conversation's creation carries it. */
const conversationMessageObject = () =>
  z
    .object({
      role: messageRole,
      fragment: fragmentSchema,
      sentiment: messageSentiment.optional(),
      created: timestamp.optional(),
    })
    .loose()

/** SeededConversationMessage's links: the records (which must exist) it is linked to both ways. */
const messageLinks = () => ({
  assets: references.optional(),
  anchors: references.optional(),
  tags: references.optional(),
  ranges: references.optional(),
  summaries: references.optional(),
  messages: references.optional(),
  workstream_events: references.optional(),
})

const seededConversationMessageInput = lazySchema(() => conversationMessageObject().extend(messageLinks()).loose())

/**
 * SeededConversationMessage: the body of `POST /messages/create`, a message
 * of an existing conversation, with the records it links to.
 */
export const seededMessageInput = lazySchema(() =>
  conversationMessageObject()
    .extend({ conversation: reference.optional(), ...messageLinks() })
    .loose(),
)

/** SeededConversation: the body of `POST /conversations/create`. */
export const seededConversationInput = lazySchema(() =>
  z
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
    .loose(),
)

/** SeededScore: which counters of a record's score to raise. */
export const seededScore = lazySchema(() =>
  z
    .object({
      reuse: z.boolean().optional(),
      update: z.boolean().optional(),
      reference: z.boolean().optional(),
      priority: z.boolean().optional(),
      searched: z.boolean().optional(),
    })
    .loose(),
)

export type SeededScore = z.output<typeof seededScore>

/**
 * SeededAssetMetadata: the name and mechanism of a new asset, and the tags,
 * websites, anchors and annotations created with it. Its persons,
 * sensitives and hints are accepted and not kept.
 */
const seededAssetMetadataInput = lazySchema(() =>
  z
    .object({
      name: z.string().optional(),
      mechanism: mechanism.optional(),
      tags: z
        .array(
          z.object({ text: z.string(), mechanism: mechanism.optional(), category: tagCategory.optional() }).loose(),
        )
        .optional(),
      websites: z
        .array(z.object({ url: z.string(), name: z.string(), mechanism: mechanism.optional() }).loose())
        .optional(),
      anchors: z.array(seededAnchorInput).optional(),
      annotations: z.array(seededAnnotationInput).optional(),
    })
    .loose(),
)

/** Seed: the body of `POST /assets/create` (a SEEDED_ASSET with one format). */
export const seedInput = lazySchema(() =>
  z
    .object({
      type: z.literal('SEEDED_ASSET'),
      asset: z
        .object({
          application: applicationSchema,
          format: z
            .object({
              fragment: fragmentSchema.optional(),
              file: z.object({ string: transferableStringSchema.optional() }).loose().optional(),
              classification: z
                .object({ generic: classificationGeneric.optional(), specific: classificationSpecific.optional() })
                .loose()
                .optional(),
            })
            .loose()
            .refine((format) => format.fragment?.string?.raw !== undefined || format.file?.string?.raw !== undefined, {
              message: 'a format needs text in fragment.string.raw or file.string.raw',
            }),
          metadata: seededAssetMetadataInput.optional(),
        })
        .loose(),
    })
    .loose(),
)

export type SeedInput = z.output<typeof seedInput>

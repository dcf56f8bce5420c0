import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import {
  anchorType,
  annotationType,
  classificationSpecific,
  mechanism,
  messageRole,
  messageSentiment,
  tagCategory,
} from '../../store/schemas/enums.js'
import {
  applicationSchema,
  fragmentSchema,
  personTypeSchema,
  scoreSchema,
  transferableStringSchema,
  workstreamEventTriggerSchema,
} from '../../store/schemas/schemas.js'
import { recordId as id, references, groupedTimestamp as timestamp } from './wire-parts.js'

/*
 * The full records the update routes take, as the official client sends them
 * (usually a snapshot it edited): the fields the client's model requires,
 * and the ones the update changes. Links change only through the link routes.
 * Unknown keys are accepted and ignored.
 */

/** ConversationMessage: the body of `POST /message/update` and `POST /message/update/value`. */
export const messageUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      created: timestamp,
      updated: timestamp,
      role: messageRole,
      conversation: z.object({ id }).loose(),
      fragment: fragmentSchema.optional(),
      sentiment: messageSentiment.optional(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** Tag: the body of `POST /tag/update`. */
export const tagUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      text: z.string(),
      created: timestamp,
      updated: timestamp,
      category: tagCategory,
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** Website: the body of `POST /website/update`. */
export const websiteUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      url: z.string(),
      name: z.string(),
      created: timestamp,
      updated: timestamp,
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** Anchor: the body of `POST /anchor/update`. */
export const anchorUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      type: anchorType,
      points: references,
      created: timestamp,
      updated: timestamp,
      name: z.string().nullish(),
      watch: z.boolean().nullish(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** Range: the body of `POST /range/update`. */
export const rangeUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      created: timestamp,
      updated: timestamp,
      from: timestamp.nullish(),
      to: timestamp.nullish(),
      between: z.boolean().nullish(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** WorkstreamSummary: the body of `POST /workstream_summary/update`. */
export const workstreamSummaryUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      created: timestamp,
      updated: timestamp,
      name: z.string(),
      model: z.object({ id }).loose(),
      favorited: z.boolean().nullish(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** Person: the body of `POST /person/update` (its type and interactions change). */
export const personUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      created: timestamp,
      updated: timestamp,
      type: personTypeSchema,
      interactions: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** WorkstreamEvent: the body of `POST /workstream_event/update`. */
export const workstreamEventUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      created: timestamp,
      updated: timestamp,
      application: applicationSchema,
      trigger: workstreamEventTriggerSchema,
      context: z.record(z.string(), z.unknown()).nullish(),
      readable: z.string().nullish(),
      windowTitle: z.string().nullish(),
      browserUrl: z.string().nullish(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** Annotation: the body of `POST /annotation/update`. */
export const annotationUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      created: timestamp,
      updated: timestamp,
      type: annotationType,
      text: z.string(),
      favorited: z.boolean().nullish(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** Activity: the body of `POST /activity/update`. */
export const activityUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      created: timestamp,
      updated: timestamp,
      event: z.record(z.string(), z.unknown()),
      application: applicationSchema,
      mechanism,
      rank: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
    })
    .loose(),
)

const formatBody = lazySchema(() =>
  z
    .object({
      id,
      creator: z.string(),
      classification: z.object({ specific: classificationSpecific }).loose(),
      role: z.string(),
      application: applicationSchema,
      asset: z.object({ id }).loose(),
      bytes: z.object({ value: z.number() }).loose(),
      created: timestamp,
      updated: timestamp,
      fragment: fragmentSchema.nullish(),
      file: z.object({ string: transferableStringSchema.optional() }).loose().nullish(),
    })
    .loose(),
)

/** Format: the body of `POST /format/update/value` (its text is what changes). */
export const formatUpdateInput = formatBody

/** FormatReclassification: the body of `POST /format/reclassify`. */
export const formatReclassificationInput = lazySchema(() =>
  z.object({ ext: classificationSpecific, format: z.object({ id }).loose() }).loose(),
)

import { z } from 'zod'
import {
  buildApplicationRecordSchema,
  buildApplicationSchema,
  buildDefaultedApplicationSchema,
} from './application-schema.js'
import {
  anchorType,
  annotationType,
  classificationGeneric,
  classificationRendering,
  classificationSpecific,
  conversationType,
  formatRole,
  mechanism,
  messageRole,
  messageSentiment,
  tagCategory,
} from './enums.js'
import { buildModelSchema } from './model-schema.js'
import { sharedZeroScore } from './record-defaults.js'
import { buildUserSchema } from './user-schema.js'
import { buildBasics, buildFragment, buildScore, buildShare, buildTransferableString } from './schema-parts.js'

/*
 * What builds each stored record kind's schema. Links are id lists on both
 * records, as the wire carries them (see decisions/0001-store.md). Each
 * builder takes the shared id, id-list and timestamp schemas as its default
 * argument, so they too are built with the first record schema, not at import.
 */

const conversationSchema = ({ id, ids, timestamp } = buildBasics()) =>
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
    score: buildScore().default(sharedZeroScore),
    pipeline: z.record(z.string(), z.unknown()).optional(),
    demo: z.boolean().optional(),
  })

const messageSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    conversation: id,
    role: messageRole,
    fragment: buildFragment().optional(),
    sentiment: messageSentiment.optional(),
    created: timestamp,
    updated: timestamp,
    score: buildScore().default(sharedZeroScore),
    assets: ids,
    anchors: ids,
    annotations: ids,
    tags: ids,
    websites: ids,
    ranges: ids,
    summaries: ids,
    /** Other messages this one is linked with (both ways). */
    messages: ids,
  })

const annotationSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    type: annotationType,
    text: z.string(),
    created: timestamp,
    updated: timestamp,
    asset: id.optional(),
    conversation: id.optional(),
    favorited: z.boolean().optional(),
    anchors: ids,
    messages: ids,
    tags: ids,
    websites: ids,
    summaries: ids,
    score: buildScore().default(sharedZeroScore),
  })

const assetSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    name: z.string().optional(),
    creator: z.string().default(''),
    mechanism: mechanism.default('MANUAL'),
    created: timestamp,
    updated: timestamp,
    formats: z.array(id).min(1),
    original: id,
    preview: z.object({ base: id, overlay: id.optional() }),
    tags: ids,
    websites: ids,
    annotations: ids,
    conversations: ids,
    summaries: ids,
    anchors: ids,
    messages: ids,
    score: buildScore().default(sharedZeroScore),
    favorited: z.boolean().default(false),
    /** The asset's share link (`POST /linkify`): one at most; its link is derived from its id. */
    shares: z.array(buildShare()).max(1).optional(),
  })

const formatSchema = ({ id, timestamp } = buildBasics()) =>
  z.object({
    id,
    asset: id,
    creator: z.string().default(''),
    classification: z.object({
      generic: classificationGeneric,
      specific: classificationSpecific,
      rendering: classificationRendering.optional(),
    }),
    role: formatRole.default('BOTH'),
    application: buildDefaultedApplicationSchema(),
    fragment: buildFragment().optional(),
    file: z.object({ string: buildTransferableString().optional() }).loose().optional(),
    created: timestamp,
    updated: timestamp,
  })

const activitySchema = ({ id, timestamp } = buildBasics()) =>
  z.object({
    id,
    /** The asset the activity is about; left out for an activity created without one. */
    asset: id.optional(),
    format: id.optional(),
    event: z.record(z.string(), z.unknown()).default(() => ({})),
    application: buildDefaultedApplicationSchema(),
    mechanism: mechanism.default('AUTOMATIC'),
    rank: z.number().int().optional(),
    created: timestamp,
    updated: timestamp,
  })

const tagSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    text: z.string(),
    category: tagCategory.default('UNKNOWN'),
    created: timestamp,
    updated: timestamp,
    assets: ids,
    anchors: ids,
    annotations: ids,
    messages: ids,
    websites: ids,
    summaries: ids,
    score: buildScore().default(sharedZeroScore),
  })

/** The fields a website and an anchor end with alike: their times, the records they are linked to, a score. */
const contextLinks = ({ ids, timestamp } = buildBasics()) => ({
  created: timestamp,
  updated: timestamp,
  assets: ids,
  conversations: ids,
  annotations: ids,
  messages: ids,
  tags: ids,
  summaries: ids,
  score: buildScore().default(sharedZeroScore),
})

const websiteSchema = ({ id } = buildBasics()) =>
  z.object({
    id,
    url: z.string(),
    name: z.string(),
    ...contextLinks(),
  })

const anchorSchema = ({ id } = buildBasics()) =>
  z.object({
    id,
    type: anchorType,
    name: z.string().optional(),
    watch: z.boolean().optional(),
    fullpath: z.string(),
    ...contextLinks(),
  })

const workstreamSummarySchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    name: z.string(),
    created: timestamp,
    updated: timestamp,
    assets: ids,
    conversations: ids,
    anchors: ids,
    annotations: ids,
    messages: ids,
    ranges: ids,
    tags: ids,
    websites: ids,
    score: buildScore().default(sharedZeroScore),
    favorited: z.boolean().optional(),
  })

const rangeSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    from: timestamp.optional(),
    to: timestamp.optional(),
    between: z.boolean().optional(),
    created: timestamp,
    updated: timestamp,
    conversations: ids,
    messages: ids,
    summaries: ids,
    score: buildScore().default(sharedZeroScore),
  })

/** Every record kind the store keeps, with what builds the schema of its records. */
export const schemaBuilders = {
  conversation: conversationSchema,
  message: messageSchema,
  annotation: annotationSchema,
  asset: assetSchema,
  format: formatSchema,
  activity: activitySchema,
  tag: tagSchema,
  website: websiteSchema,
  anchor: anchorSchema,
  workstreamSummary: workstreamSummarySchema,
  range: rangeSchema,
  application: buildApplicationRecordSchema,
  model: buildModelSchema,
  user: buildUserSchema,
} as const

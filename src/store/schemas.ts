import { z } from 'zod'
import {
  applicationSchema,
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
import { lazySchema } from './lazy-schema.js'
import { buildModelSchema } from './model-schema.js'
import { sharedEmptyIds, sharedZeroScore } from './record-defaults.js'
import { buildUserSchema } from './user-schema.js'

export { applicationSchema }

/*
 * Stored records. Links between records are id lists on both records, the
 * way the wire format carries them (see decisions/0001-store.md). Timestamps
 * are ISO-8601 strings in UTC with a trailing `Z`.
 */

const id = z.string().min(1)
const ids = z.array(id).default(() => sharedEmptyIds())
const timestamp = z.iso.datetime()
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

/** A Score: how often a record was used, as counters. */
const buildScore = once(() =>
  z.object({
    manual: count,
    automatic: count,
    priority: count.optional(),
    reuse: count.optional(),
    update: count.optional(),
    reference: count.optional(),
    searched: count.optional(),
  }),
)
/** A Score, built on first use. */
export const scoreSchema = lazySchema(buildScore)

const buildTransferableString = once(() => z.object({ raw: z.string().optional() }).loose())
/** A TransferableString (its `raw` text only), built on first use. */
export const transferableStringSchema = lazySchema(buildTransferableString)

const buildFragment = once(() =>
  z.object({
    string: buildTransferableString().optional(),
    metadata: z.object({ ext: classificationSpecific.optional() }).loose().optional(),
  }),
)
/** A fragment of a message or a format: its text and its extension, built on first use. */
export const fragmentSchema = lazySchema(buildFragment)

const conversationSchema = () =>
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

const messageSchema = () =>
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

const annotationSchema = () =>
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

/** A share of an asset, as the asset keeps it. */
const shareSchema = () => z.object({ id, access: z.enum(['UNKNOWN', 'PUBLIC', 'PRIVATE']), created: timestamp })

const assetSchema = () =>
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
    shares: z.array(shareSchema()).max(1).optional(),
  })

const formatSchema = () =>
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

const activitySchema = () =>
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

const tagSchema = () =>
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

const websiteSchema = () =>
  z.object({
    id,
    url: z.string(),
    name: z.string(),
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

const anchorSchema = () =>
  z.object({
    id,
    type: anchorType,
    name: z.string().optional(),
    watch: z.boolean().optional(),
    fullpath: z.string(),
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

const workstreamSummarySchema = () =>
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

const rangeSchema = () =>
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
const schemaBuilders = {
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

type RecordSchemas = { readonly [K in keyof typeof schemaBuilders]: ReturnType<(typeof schemaBuilders)[K]> }

/**
 * Every record kind the store keeps, with the schema of its records. Each
 * kind's schema is built when it is first read, so a cold start (import,
 * set-up, a first GET of the default records, which come validated) builds none.
 */
export const recordSchemas: RecordSchemas = builtOnFirstRead(schemaBuilders)

export type RecordKind = keyof typeof recordSchemas
export type RecordOf<K extends RecordKind> = z.output<(typeof recordSchemas)[K]>
export type RecordInput<K extends RecordKind> = z.input<(typeof recordSchemas)[K]>

export type ConversationRecord = RecordOf<'conversation'>
export type MessageRecord = RecordOf<'message'>
export type AnnotationRecord = RecordOf<'annotation'>
export type AssetRecord = RecordOf<'asset'>
export type FormatRecord = RecordOf<'format'>
export type ActivityRecord = RecordOf<'activity'>
export type TagRecord = RecordOf<'tag'>
export type WebsiteRecord = RecordOf<'website'>
export type AnchorRecord = RecordOf<'anchor'>
export type WorkstreamSummaryRecord = RecordOf<'workstreamSummary'>
export type RangeRecord = RecordOf<'range'>
export type ApplicationRecord = RecordOf<'application'>
export type ModelRecord = RecordOf<'model'>
export type UserRecord = RecordOf<'user'>
export type ScoreRecord = z.output<typeof scoreSchema>

export const RECORD_KINDS = Object.keys(schemaBuilders) as RecordKind[]

/** An object with one property per builder, each the builder's result, built on the first read and kept. */
function builtOnFirstRead(builders: typeof schemaBuilders): RecordSchemas {
  const schemas = {}
  for (const [kind, build] of Object.entries(builders)) {
    let built: z.ZodType | undefined
    Object.defineProperty(schemas, kind, { enumerable: true, get: () => (built ??= build()) })
  }
  return schemas as RecordSchemas
}

/** A function that calls `build` once, on its first call, and gives back that result ever after. */
function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined
  return () => (built ??= { value: build() }).value
}

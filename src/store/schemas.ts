import { z } from 'zod'
import { applicationRecordSchema, applicationSchema, defaultedApplicationSchema } from './application-schema.js'
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
import { modelSchema } from './model-schema.js'
import { userSchema } from './user-schema.js'

export { applicationSchema }

/*
 * Stored records. Links between records are id lists on both records, the
 * way the wire format carries them (see decisions/0001-store.md). Timestamps
 * are ISO-8601 strings in UTC with a trailing `Z`.
 */

const id = z.string().min(1)
/**
 * The default of an empty link list and of a zero score, shared by every
 * record that has one: records are never edited in place (a write stores a
 * changed copy), so sharing them is safe, and a store of 100k records keeps
 * 100k fewer objects per field for the garbage collector to walk.
 */
const NO_IDS = Object.freeze([]) as unknown as string[]
const ids = z.array(id).default(() => NO_IDS)
const timestamp = z.iso.datetime()
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

/** A Score: how often a record was used, as counters. */
export const scoreSchema = z.object({
  manual: count,
  automatic: count,
  priority: count.optional(),
  reuse: count.optional(),
  update: count.optional(),
  reference: count.optional(),
  searched: count.optional(),
})

const ZERO_SCORE = Object.freeze({ manual: 0, automatic: 0 })
const score = scoreSchema.default(() => ZERO_SCORE)

export const transferableStringSchema = z.object({ raw: z.string().optional() }).loose()

export const fragmentSchema = z.object({
  string: transferableStringSchema.optional(),
  metadata: z.object({ ext: classificationSpecific.optional() }).loose().optional(),
})

export const conversationSchema = z.object({
  id,
  name: z.string().optional(),
  type: conversationType.default('COPILOT'),
  created: timestamp,
  updated: timestamp,
  favorited: z.boolean().default(false),
  application: applicationSchema.optional(),
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
  score,
  pipeline: z.record(z.string(), z.unknown()).optional(),
  demo: z.boolean().optional(),
})

const messageSchema = z.object({
  id,
  conversation: id,
  role: messageRole,
  fragment: fragmentSchema.optional(),
  sentiment: messageSentiment.optional(),
  created: timestamp,
  updated: timestamp,
  score,
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

const annotationSchema = z.object({
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
  score,
})

/** A share of an asset, as the asset keeps it. */
const shareSchema = z.object({ id, access: z.enum(['UNKNOWN', 'PUBLIC', 'PRIVATE']), created: timestamp })

const assetSchema = z.object({
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
  score,
  favorited: z.boolean().default(false),
  /** The asset's share link (`POST /linkify`): one at most; its link is derived from its id. */
  shares: z.array(shareSchema).max(1).optional(),
})

const formatSchema = z.object({
  id,
  asset: id,
  creator: z.string().default(''),
  classification: z.object({
    generic: classificationGeneric,
    specific: classificationSpecific,
    rendering: classificationRendering.optional(),
  }),
  role: formatRole.default('BOTH'),
  application: defaultedApplicationSchema,
  fragment: fragmentSchema.optional(),
  file: z.object({ string: transferableStringSchema.optional() }).loose().optional(),
  created: timestamp,
  updated: timestamp,
})

const activitySchema = z.object({
  id,
  /** The asset the activity is about; left out for an activity created without one. */
  asset: id.optional(),
  format: id.optional(),
  event: z.record(z.string(), z.unknown()).default(() => ({})),
  application: defaultedApplicationSchema,
  mechanism: mechanism.default('AUTOMATIC'),
  rank: z.number().int().optional(),
  created: timestamp,
  updated: timestamp,
})

const tagSchema = z.object({
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
  score,
})

const websiteSchema = z.object({
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
  score,
})

const anchorSchema = z.object({
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
  score,
})

const workstreamSummarySchema = z.object({
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
  score,
  favorited: z.boolean().optional(),
})

const rangeSchema = z.object({
  id,
  from: timestamp.optional(),
  to: timestamp.optional(),
  between: z.boolean().optional(),
  created: timestamp,
  updated: timestamp,
  conversations: ids,
  messages: ids,
  summaries: ids,
  score,
})

/** Every record kind the store keeps, with the schema of its records. */
export const recordSchemas = {
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
  application: applicationRecordSchema,
  model: modelSchema,
  user: userSchema,
} as const

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

export const RECORD_KINDS = Object.keys(recordSchemas) as RecordKind[]

/**
 * The empty link list records share until they are linked, for code that
 * builds stored records itself (the generator). It is frozen: a link gives
 * the record a list of its own.
 *
 * @example
 * const tag: TagRecord = { id, text, category: 'UNKNOWN', created, updated, assets: [], messages: sharedEmptyIds(), … }
 */
export function sharedEmptyIds(): string[] {
  return NO_IDS
}

/**
 * The zero score records share until one of their counters moves (frozen).
 *
 * @example
 * const range: RangeRecord = { id, created, updated, conversations: [], score: sharedZeroScore(), … }
 */
export function sharedZeroScore(): ScoreRecord {
  return ZERO_SCORE as ScoreRecord
}

const defaultsByKind = new Map<RecordKind, Readonly<Record<string, unknown>>>()

/**
 * What a kind's schema fills in for each field it defaults (an empty link
 * list, a zero score, a type), read from the schema once. The values are
 * shared by every record built from them, so objects among them are frozen.
 *
 * @example
 * recordDefaults('conversation').favorited // false
 */
export function recordDefaults<K extends RecordKind>(kind: K): Readonly<Partial<RecordOf<K>>> {
  let defaults = defaultsByKind.get(kind)
  if (!defaults) {
    const shape: Record<string, z.ZodType> = recordSchemas[kind].shape
    const found: Record<string, unknown> = {}
    for (const [field, schema] of Object.entries(shape)) {
      if (!(schema instanceof z.ZodDefault)) continue
      const value: unknown = schema.def.defaultValue
      found[field] = typeof value === 'object' && value !== null ? Object.freeze(value) : value
    }
    // Frozen as a whole as well: with the unfrozen object (built key by key) as their source,
    // records copied from it made creates under load about a third slower (bench, POST route).
    defaultsByKind.set(kind, (defaults = Object.freeze(found)))
  }
  return defaults as Readonly<Partial<RecordOf<K>>>
}

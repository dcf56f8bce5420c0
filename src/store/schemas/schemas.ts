import type { z } from 'zod'
import { applicationSchema } from './application-schema.js'
import { lazySchema } from './lazy-schema.js'
import { schemaBuilders } from './record-schema-builders.js'
import { buildFragment, buildScore, buildTransferableString } from './schema-parts.js'

export { applicationSchema }

/*
 * Stored records: each kind's schema (see record-schema-builders.ts), built
 * when it is first read, and the types of the records.
 */

/** A Score, built on first use. */
export const scoreSchema = lazySchema(buildScore)

/** A TransferableString (its `raw` text only), built on first use. */
export const transferableStringSchema = lazySchema(buildTransferableString)

/** A fragment of a message or a format: its text and its extension, built on first use. */
export const fragmentSchema = lazySchema(buildFragment)

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

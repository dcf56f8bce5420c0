import type { z } from 'zod'
import { applicationSchema } from './application-schema.js'
import { lazySchema } from './lazy-schema.js'
import {
  RECORD_KIND_DECLARATIONS,
  RECORD_KINDS,
  type RecordKind,
  type RecordKindDeclarations,
} from '../kinds/record-kinds.js'
import {
  buildFragment,
  buildPersonType,
  buildScore,
  buildTransferableString,
  buildWorkstreamEventTrigger,
} from './schema-parts.js'

export { applicationSchema, RECORD_KINDS }
export type { RecordKind }

/*
 * Stored records: each kind's schema (declared with the kind, in
 * src/store/kinds/), built when it is first read, and the types of the records.
 */

/** A Score, built on first use. */
export const scoreSchema = lazySchema(buildScore)

/** A TransferableString (its `raw` text only), built on first use. */
export const transferableStringSchema = lazySchema(buildTransferableString)

/** A fragment of a message or a format: its text and its extension, built on first use. */
export const fragmentSchema = lazySchema(buildFragment)

/** A PersonType, built on first use. */
export const personTypeSchema = lazySchema(buildPersonType)

/** A WorkstreamEventTrigger (its wire keys), built on first use. */
export const workstreamEventTriggerSchema = lazySchema(buildWorkstreamEventTrigger)

type RecordSchemas = { readonly [K in RecordKind]: ReturnType<RecordKindDeclarations[K]['schema']> }

/**
 * Every record kind the store keeps, with the schema of its records. Each
 * kind's schema is built when it is first read, so a cold start (import,
 * set-up, a first GET of the default records, which come validated) builds none.
 */
export const recordSchemas: RecordSchemas = builtOnFirstRead()

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
export type PersonRecord = RecordOf<'person'>
export type WorkstreamEventRecord = RecordOf<'workstreamEvent'>
export type SourceRecord = RecordOf<'source'>
export type SourceWindowRecord = RecordOf<'sourceWindow'>
export type ApplicationRecord = RecordOf<'application'>
export type ModelRecord = RecordOf<'model'>
export type UserRecord = RecordOf<'user'>
export type HintRecord = RecordOf<'hint'>
export type SensitiveRecord = RecordOf<'sensitive'>
export type ShareRecord = RecordOf<'share'>
export type AnchorPointRecord = RecordOf<'anchorPoint'>
export type ScoreRecord = z.output<typeof scoreSchema>

/** An object with one property per kind, its declared schema, built on the first read and kept. */
function builtOnFirstRead(): RecordSchemas {
  const schemas = {}
  for (const kind of RECORD_KINDS) {
    const build: () => z.ZodType = RECORD_KIND_DECLARATIONS[kind].schema
    let built: z.ZodType | undefined
    Object.defineProperty(schemas, kind, { enumerable: true, get: () => (built ??= build()) })
  }
  return schemas as RecordSchemas
}

/** A part of the machine the service runs on, its state as JSON (`src/store/kinds/machine/machine-part.ts`). */
export type MachinePartRecord = RecordOf<'machinePart'>

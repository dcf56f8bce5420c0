import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import {
  access,
  anchorType,
  hintType,
  mechanism,
  platform,
  sensitiveCategory,
  sensitiveSeverity,
} from '../../store/schemas/enums.js'
import { buildSensitiveMetadata } from '../../store/schemas/schema-parts.js'
import { scoreSchema } from '../../store/schemas/schemas.js'
import { recordId as id, reference, groupedTimestamp as timestamp } from './wire-parts.js'

/*
 * The seeds and full records the hint, sensitive, share and anchor point
 * routes take (wire keys). Unknown keys are accepted and ignored, as the real
 * service does; links change only through the link routes.
 */

/** SeededHint: the body of `POST /hints/create`. */
export const seededHintInput = lazySchema(() =>
  z
    .object({
      type: hintType,
      text: z.string(),
      mechanism: mechanism.optional(),
      asset: id.optional(),
      model: id.optional(),
    })
    .loose(),
)

/** Hint: the body of `POST /hint/update`. */
export const hintUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      type: hintType,
      text: z.string(),
      created: timestamp,
      updated: timestamp,
      score: scoreSchema.optional(),
    })
    .loose(),
)

const sensitiveMetadata = lazySchema(buildSensitiveMetadata)

/** SeededSensitive: the body of `POST /sensitives/create`. */
export const seededSensitiveInput = lazySchema(() =>
  z
    .object({
      asset: id,
      text: z.string(),
      mechanism: mechanism.optional(),
      category: sensitiveCategory,
      severity: sensitiveSeverity,
      name: z.string(),
      description: z.string(),
      metadata: sensitiveMetadata.optional(),
    })
    .loose(),
)

/** Sensitive: the body of `POST /sensitive/update`. */
export const sensitiveUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      created: timestamp,
      updated: timestamp,
      asset: reference,
      text: z.string(),
      mechanism,
      category: sensitiveCategory,
      severity: sensitiveSeverity,
      name: z.string(),
      description: z.string(),
      metadata: sensitiveMetadata.optional(),
      interactions: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** SeededShare: the body of `POST /shares/create`: the asset (or assets) to share, whole or by id. */
export const seededShareInput = lazySchema(() =>
  z
    .object({
      access,
      name: z.string().optional(),
      asset: reference.optional(),
      assets: z
        .object({ iterable: z.array(reference) })
        .loose()
        .optional(),
    })
    .loose(),
)

/** Share: the body of `POST /share/update`. */
export const shareUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      access,
      created: timestamp,
      name: z.string().optional(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** SeededAnchorPoint: the body of `POST /anchor_points/create`. */
export const seededAnchorPointInput = lazySchema(() =>
  z
    .object({
      type: anchorType,
      fullpath: z.string(),
      anchor: id,
      watch: z.boolean().optional(),
      platform: platform.optional(),
    })
    .loose(),
)

/** AnchorPoint: the body of `POST /anchor_point/update`. */
export const anchorPointUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      fullpath: z.string(),
      created: timestamp,
      updated: timestamp,
      anchor: reference,
      verified: z.boolean().optional(),
      platform: platform.optional(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

export type SeededHintInput = z.output<typeof seededHintInput>
export type SeededSensitiveInput = z.output<typeof seededSensitiveInput>
export type SeededShareInput = z.output<typeof seededShareInput>
export type SeededAnchorPointInput = z.output<typeof seededAnchorPointInput>

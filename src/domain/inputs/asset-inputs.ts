import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { classificationSpecific, mechanism } from '../../store/schemas/enums.js'
import { fragmentSchema, scoreSchema } from '../../store/schemas/schemas.js'
import { recordId as id, groupedTimestamp as timestamp } from './wire-parts.js'

/*
 * Request bodies and query values of the asset operations, as the official
 * client sends them (wire keys). Unknown keys are accepted and ignored.
 */

/** SeededAccessor: who reads an asset through `POST /asset/{asset}`. */
export const seededAccessorInput = lazySchema(() =>
  z
    .object({ os: z.string(), share: z.string(), user: z.object({ id: z.string() }).loose().optional() })
    .loose()
    .optional(),
)

/** AssetReclassification: the asset and the language it becomes. */
export const assetReclassificationInput = lazySchema(() =>
  z.object({ ext: classificationSpecific, asset: z.object({ id }).loose() }).loose(),
)

/** Asset: the body of `POST /asset/update` (the full object, usually a snapshot the client edited). */
export const assetUpdateInput = lazySchema(() =>
  z
    .object({
      id,
      creator: z.string(),
      created: timestamp,
      updated: timestamp,
      mechanism,
      formats: z
        .object({
          iterable: z.array(z.object({ id, fragment: fragmentSchema.optional() }).loose()),
        })
        .loose(),
      preview: z.object({ base: z.object({ id }).loose() }).loose(),
      original: z.object({ id }).loose(),
      name: z.string().nullish(),
      favorited: z.boolean().nullish(),
      score: scoreSchema.optional(),
    })
    .loose(),
)

/** The `export_type` query value of `GET /asset/{asset}/export`. */
export const exportTypeInput = lazySchema(() => z.enum(['MD', 'HTML', 'UNKNOWN']))

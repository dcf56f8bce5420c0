import { z } from 'zod'
import { classificationGeneric, classificationSpecific, mechanism } from '../store/enums.js'
import { applicationSchema, fragmentSchema, scoreSchema, transferableStringSchema } from '../store/schemas.js'

/*
 * Request bodies and query values of the asset operations, as the official
 * client sends them (wire keys). Unknown keys are accepted and ignored.
 */

const id = z.string().min(1)
const timestamp = z.object({ value: z.iso.datetime({ offset: true }) }).loose()
/** SeededAccessor: who reads an asset through `POST /asset/{asset}`. */
export const seededAccessorInput = z
  .object({ os: z.string(), share: z.string(), user: z.string().optional() })
  .loose()
  .optional()

/** AssetReclassification: the asset and the language it becomes. */
export const assetReclassificationInput = z
  .object({ ext: classificationSpecific, asset: z.object({ id }).loose() })
  .loose()

/** Asset: the body of `POST /asset/update` (the full object, usually a snapshot the client edited). */
export const assetUpdateInput = z
  .object({
    id,
    creator: z.string(),
    created: timestamp,
    updated: timestamp,
    mechanism,
    formats: z.object({
      iterable: z.array(
        z.object({ id, fragment: fragmentSchema.optional() }).loose(),
      ),
    }).loose(),
    preview: z.object({ base: z.object({ id }).loose() }).loose(),
    original: z.object({ id }).loose(),
    name: z.string().nullish(),
    favorited: z.boolean().nullish(),
    score: scoreSchema.optional(),
  })
  .loose()

/** Seed: the body of `POST /assets/create` (a SEEDED_ASSET with one format). */
export const seedInput = z
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
        metadata: z.object({ name: z.string().optional(), mechanism: mechanism.optional() }).loose().optional(),
      })
      .loose(),
  })
  .loose()

export type SeedInput = z.output<typeof seedInput>

/** The `export_type` query value of `GET /asset/{asset}/export`. */
export const exportTypeInput = z.enum(['MD', 'HTML', 'UNKNOWN'])

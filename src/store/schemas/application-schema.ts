import { z } from 'zod'
import { timestampSchema } from './timestamp-schema.js'
import { applicationName, capabilities, mechanism, platform, privacy } from './enums.js'
import { lazySchema } from './lazy-schema.js'
import { DEFAULT_APPLICATION } from './shared-defaults.js'

/**
 * An Application as records carry it (a conversation's, a format's): the
 * client's required fields, anything else kept as sent.
 *
 * @example
 * applicationSchema.parse({ id, name: 'VS_CODE', version: '1.2.0', platform: 'MACOS', onboarded: true, privacy: 'OPEN' })
 */
export const applicationSchema = lazySchema(() => buildApplicationSchema())

/**
 * Builds the schema {@link applicationSchema} stands for, for the record
 * schemas to hold as it is (a lazy schema would hide its object shape from
 * what reads a record schema's fields).
 *
 * @example
 * const format = z.object({ application: buildApplicationSchema().optional() })
 */
export const buildApplicationSchema = () =>
  z
    .object({
      id: z.string().min(1),
      name: applicationName,
      version: z.string(),
      platform,
      onboarded: z.boolean(),
      privacy,
      capabilities: capabilities.optional(),
    })
    .loose()

/**
 * An embedded Application that records without one get: the open-source
 * connector every default record is saved from.
 *
 * @example
 * const format = z.object({ application: buildDefaultedApplicationSchema() })
 */
export const buildDefaultedApplicationSchema = () =>
  buildApplicationSchema().default(() => ({ ...DEFAULT_APPLICATION }))

/**
 * Builds the schema of a stored application: one that connected (`POST /connect`) or came with
 * the fixtures, as `GET /applications` lists it. Timestamps are the store's
 * own; the wire Application has none.
 *
 * @example
 * buildApplicationRecordSchema().parse({ id, name: 'VS_CODE', version: '1.2.0', platform: 'MACOS', onboarded: false, privacy: 'OPEN', created, updated })
 */
export const buildApplicationRecordSchema = () =>
  z.object({
    id: z.string().min(1),
    name: applicationName,
    version: z.string(),
    platform,
    onboarded: z.boolean().default(false),
    privacy: privacy.default('OPEN'),
    capabilities: capabilities.optional(),
    mechanism: mechanism.optional(),
    automaticUnload: z.boolean().optional(),
    created: timestampSchema,
    updated: timestampSchema,
  })

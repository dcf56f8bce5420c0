import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import {
  applicationName,
  capabilities,
  mechanism,
  modelFoundation,
  modelProvider,
  modelType,
  modelUsage,
  platform,
  privacy,
} from '../../store/schemas/enums.js'
import { buildApplicationSchema } from '../../store/schemas/application-schema.js'
import { modelCapabilitiesSchema } from '../../store/schemas/model-schema.js'
import { recordId as id, groupedTimestamp as timestamp } from './wire-parts.js'

/*
 * The bodies of the connection, user and model routes (wire keys). Unknown
 * keys are accepted and ignored, as the real service does.
 */

const count = lazySchema(() => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER))
const byteDescriptor = lazySchema(() => z.object({ value: count }).loose())
const maxTokens = lazySchema(() => z.object({ total: count, input: count.nullish(), output: count.nullish() }).loose())
const modelCapabilities = lazySchema(() => modelCapabilitiesSchema.loose())

/** SeededConnectorConnection: the body of `POST /connect`, the application that connects. */
export const seededConnectorConnectionInput = lazySchema(() =>
  z
    .object({
      application: z
        .object({
          name: applicationName,
          version: z.string(),
          platform,
          capabilities: capabilities.optional(),
          privacy: privacy.optional(),
          automaticUnload: z.boolean().optional(),
        })
        .loose(),
    })
    .loose(),
)

export type SeededConnectorConnectionInput = z.output<typeof seededConnectorConnectionInput>

/** Application: the body of `POST /application/update`. */
export const applicationUpdateInput = lazySchema(() =>
  buildApplicationSchema().extend({ mechanism: mechanism.optional(), automaticUnload: z.boolean().optional() }).loose(),
)

/** The fields a SeededModel and a Model share (what a model is made or updated from). */
const modelFields = () => ({
  version: z.string(),
  created: timestamp,
  name: z.string().min(1),
  description: z.string().optional(),
  cloud: z.boolean(),
  type: modelType,
  usage: modelUsage,
  bytes: byteDescriptor.optional(),
  ram: byteDescriptor.optional(),
  quantization: z.string().optional(),
  foundation: modelFoundation.optional(),
  downloaded: z.boolean().optional(),
  unique: z.string().optional(),
  parameters: z.number().min(0).nullish(),
  provider: modelProvider.optional(),
  cpu: z.boolean().optional(),
  maxTokens: maxTokens.optional(),
  capabilities: modelCapabilities.optional(),
})

/** SeededModel: the body of `POST /models/create`. */
export const seededModelInput = lazySchema(() => z.object({ ...modelFields(), custom: z.boolean().optional() }).loose())

export type SeededModelInput = z.output<typeof seededModelInput>

/** Model: the body of `POST /model/update`. */
export const modelUpdateInput = lazySchema(() => z.object({ id, ...modelFields() }).loose())

export type ModelUpdateInput = z.output<typeof modelUpdateInput>

/** UserProfile: the body of `POST /user/update`. */
export const userProfileInput = lazySchema(() =>
  z
    .object({
      id,
      aesthetics: z
        .object({
          theme: z.object({ dark: z.boolean() }).loose(),
          font: z.object({ size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }).loose(),
        })
        .loose(),
      name: z.string().optional(),
      email: z.string().optional(),
      username: z.string().optional(),
      vanityname: z.string().optional(),
      picture: z.string().optional(),
    })
    .loose(),
)

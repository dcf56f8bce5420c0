import { z } from 'zod'
import { timestampSchema } from './timestamp-schema.js'
import { lazySchema } from './lazy-schema.js'
import { buildScore } from './schema-parts.js'
import { modelFoundation, modelProvider, modelType, modelUsage } from './enums.js'

const count = lazySchema(() => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER))

/** What a model can take in as context (ModelCapabilities); a seed's own keys beyond these are dropped. */
export const modelCapabilitiesSchema = lazySchema(() =>
  z.object({
    temporal: z.boolean().optional(),
    images: z.boolean().optional(),
    videos: z.boolean().optional(),
    documents: z.boolean().optional(),
    codebases: z.boolean().optional(),
    assets: z.boolean().optional(),
    websites: z.boolean().optional(),
  }),
)

/**
 * A stored machine-learning model, as `GET /models` lists it: a cloud model
 * runs at its provider, a local one only once `downloaded`. Sizes are bytes
 * (the wire gives them with a readable text).
 *
 * @example
 * buildModelSchema().parse({ id, version: '1.0.0', name: 'GPT-4o Chat Model', cloud: true, type: 'BALANCED', usage: 'CODE_CONVERSATION', created, updated })
 */
export const buildModelSchema = () =>
  z.object({
    id: z.string().min(1),
    version: z.string(),
    name: z.string().min(1),
    description: z.string().optional(),
    cloud: z.boolean(),
    type: modelType,
    usage: modelUsage,
    foundation: modelFoundation.optional(),
    provider: modelProvider.optional(),
    /** The provider's own name of the model (`gpt-4o`, `o4-mini-2025-04-16`). */
    unique: z.string().optional(),
    downloaded: z.boolean().default(false),
    downloading: z.boolean().default(false),
    loaded: z.boolean().default(false),
    cpu: z.boolean().optional(),
    custom: z.boolean().default(false),
    parameters: z.number().min(0).optional(),
    quantization: z.string().optional(),
    /** Size on disk, in bytes. */
    bytes: count.optional(),
    /** Memory it needs when loaded, in bytes. */
    ram: count.optional(),
    maxTokens: z.object({ total: count, input: count.optional(), output: count.optional() }).optional(),
    capabilities: modelCapabilitiesSchema.optional(),
    /** How often it was used (`POST /model/{model}/scores/increment`); none until then. */
    score: buildScore().optional(),
    created: timestampSchema,
    updated: timestampSchema,
  })

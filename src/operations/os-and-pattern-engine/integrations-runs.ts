import { z } from 'zod'
import { createAsset } from '../../domain/asset-writes.js'
import { classifySeed } from '../../domain/classification.js'
import type { SeedInput } from '../../domain/inputs/seeds.js'
import { textSeed } from '../../domain/machine/os-parts/text-seeds.js'
import { json, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'

const macosInput = z.object({ value: z.string().min(1), application: z.unknown().optional() }).loose()
const ultraSuiteInput = z.object({ format: z.unknown(), name: z.string().max(1000).optional() }).loose()
const gistsInput = z
  .object({ application: z.string().max(1000) })
  .loose()
  .optional()
const openAiInput = z.object({ user: z.string().max(1000) }).loose()

/** Saves a seed as an asset and answers it (Asset). */
async function saved(context: OperationContext, seed: SeedInput): Promise<OperationResult> {
  const classification = await classifySeed(seed)
  const wire = wireContext(context)
  const asset = await context.store.write((tx) => createAsset(tx, seed, classification))
  return json(wire.render('asset', asset))
}

/** `POST /macos/assets/create`: the text saved as an asset. */
export async function macosAsset(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'SeededMacOSAsset')
  const { value, application } = parseBody(macosInput, context.request.body, 'SeededMacOSAsset')
  return saved(context, textSeed(context.store, { text: value, application }))
}

/** `POST /ultra_suite/assets/create`: the format sent saved as an asset, under its name. */
export async function ultraSuiteAsset(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'SeededUltraSuiteAsset')
  const { format, name } = parseBody(ultraSuiteInput, context.request.body, 'SeededUltraSuiteAsset')
  return saved(context, textSeed(context.store, { text: '', format, name }))
}

/** `POST /github/gists/import`: the gists found (Seeds); the mock reaches no network, so there are none. */
export function githubGists(context: OperationContext): OperationResult {
  parseBody(gistsInput, context.request.body, 'SeededGithubGistsImport')
  return json({ iterable: [] })
}

/** `POST /open_ai/models/list`: the OpenAI models of the store, as SeededModels (OpenAIModelsListOutput). */
export function openAiModels(context: OperationContext): OperationResult {
  requireBody(context.request.body, 'OpenAIModelsListInput')
  parseBody(openAiInput, context.request.body, 'OpenAIModelsListInput')
  const wire = wireContext(context)
  const models = [...context.store.all('model')]
    .filter((model) => model.provider === 'OPENAI')
    .map((model) => ({
      version: model.version,
      created: wire.timestamp(model.created),
      name: model.name,
      ...(model.description !== undefined && { description: model.description }),
      cloud: model.cloud,
      type: model.type,
      usage: model.usage,
      ...(model.foundation !== undefined && { foundation: model.foundation }),
      ...(model.unique !== undefined && { unique: model.unique }),
      provider: model.provider,
    }))
  return json({ models: { iterable: models } })
}

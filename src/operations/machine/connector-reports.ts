import { z } from 'zod'
import { createAsset } from '../../domain/asset-writes.js'
import { classifySeed } from '../../domain/classification.js'
import { seededConnectorCreationInput } from '../../domain/inputs/os-inputs.js'
import { countReport } from '../../domain/machine/os-parts/connector-part.js'
import { textSeed } from '../../domain/machine/os-parts/text-seeds.js'
import { MockServiceError } from '../../errors.js'
import { text, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

const reactionInput = z
  .object({
    save: z.boolean(),
    reuse: z
      .object({ asset: z.string().min(1) })
      .loose()
      .optional(),
    seed: z.unknown(),
  })
  .loose()

/**
 * `POST /{application}/reaction`: what the user did with a suggestion: reused
 * an asset (answers its id) or saved the text (answers the new asset's id);
 * neither answers an empty text. Counted per application.
 *
 * @example
 * await react(context) // text('0a0a…')
 */
export async function react(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'Reaction')
  const reaction = parseBody(reactionInput, context.request.body, 'Reaction')
  const application = readRecord(context, 'application', 'application')
  if (reaction.reuse && !context.store.get('asset', reaction.reuse.asset)) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Invalid Reaction body: reuse.asset: no asset "${reaction.reuse.asset}".`,
    )
  }
  const seed = parseBody(seededConnectorCreationInput, reaction.seed, 'SeededConnectorCreation')
  const copied = seed.asset?.format.fragment?.string?.raw ?? seed.asset?.format.file?.string?.raw ?? ''
  const toSave = reaction.save && !reaction.reuse && copied.trim() !== ''
  const assetSeed = toSave ? textSeed(context.store, { text: copied, application }) : undefined
  const classification = assetSeed && (await classifySeed(assetSeed))
  const answer = await context.store.write((tx) => {
    countReport(tx, 'reactions', application.id)
    if (reaction.reuse) return reaction.reuse.asset
    return assetSeed && classification ? createAsset(tx, assetSeed, classification).id : ''
  })
  return text(answer)
}

/**
 * `POST /{application}/track`: an event an integration reports; counted per
 * application, answered with the count so far (`tracked-3`).
 *
 * @example
 * await track(context) // text('tracked-1')
 */
export async function track(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'SeededConnectorTracking')
  parseBody(z.object({}).loose(), context.request.body, 'SeededConnectorTracking')
  const { id } = readRecord(context, 'application', 'application')
  const count = await context.store.write((tx) => countReport(tx, 'tracked', id))
  return text(`tracked-${count}`)
}

import {
  createDistribution,
  deleteDistribution,
  readDistributions,
  requireDistribution,
  updateDistribution,
  type StoredDistribution,
} from '../../domain/machine/accounts/distributions-part.js'
import { distributionInput, seededDistributionInput } from '../../domain/inputs/accounts/account-inputs.js'
import { MockServiceError } from '../../errors.js'
import type { WireContext } from '../../wire/wire-types.js'
import { json, noContent, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'

/*
 * The run bodies of the distribution operations (distributions.ts), loaded on their first call.
 */

/** GET /distributions: every distribution. */
export function distributionsSnapshot(context: OperationContext): OperationResult {
  const wire = wireContext(context)
  return json({ iterable: readDistributions(context.store).items.map((item) => distributionOf(item, wire)) })
}

/** GET /distribution/{distribution}: one distribution. */
export function distributionSnapshot(context: OperationContext): OperationResult {
  return json(distributionOf(requireDistribution(context.store, pathId(context, 'distribution')), wireContext(context)))
}

/** POST /distributions/create: a distribution of the newest share. */
export async function distributionsCreate(context: OperationContext): Promise<OperationResult> {
  const input = parseBody(seededDistributionInput, context.request.body, 'SeededDistribution') ?? {}
  const item = await context.store.write((tx) => createDistribution(tx, input))
  return json(distributionOf(item, wireContext(context)))
}

/** POST /distribution/update: how a distribution goes out, changed. */
export async function distributionUpdate(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'Distribution')
  const input = parseBody(distributionInput, context.request.body, 'Distribution')
  const item = await context.store.write((tx) => updateDistribution(tx, input.id, input))
  return json(distributionOf(item, wireContext(context)))
}

/** POST /distributions/{distribution}/delete: a distribution gone. */
export async function distributionsDelete(context: OperationContext): Promise<OperationResult> {
  const id = pathId(context, 'distribution')
  await context.store.write((tx) => deleteDistribution(tx, id))
  return noContent()
}

function distributionOf(item: StoredDistribution, wire: WireContext) {
  const record = wire.get('share', item.share)
  if (!record) {
    throw new MockServiceError('NOT_FOUND', `The share of the distribution "${item.id}" no longer exists.`)
  }
  const { asset, ...share } = wire.render('share', record) as unknown as { asset?: { id: string } } & Record<
    string,
    unknown
  >
  const gist = item.github?.gist
  return {
    id: item.id,
    share: { ...share, ...(asset && { asset: asset.id }) },
    created: wire.timestamp(item.created),
    updated: wire.timestamp(item.updated),
    ...(item.mailgun && { mailgun: { recipients: { iterable: item.mailgun.recipients } } }),
    ...(item.github && {
      github: gist
        ? {
            gist: {
              recipients: { iterable: [] },
              public: gist.public,
              ...(gist.description !== undefined && { description: gist.description }),
              name: gist.name,
              created: wire.timestamp(item.created),
              updated: wire.timestamp(item.updated),
              github_id: gist.githubId,
              url: gist.url,
            },
          }
        : {},
    }),
  }
}

import {
  createAllocation,
  deleteAllocation,
  findAllocation,
  reconnectAllocation,
  updateAllocation,
} from '../../domain/machine/accounts/cloud-allocations.js'
import { allocationCloudInput } from '../../domain/inputs/accounts/account-inputs.js'
import type { UserRecord } from '../../store/schemas/schemas.js'
import { buildAllocationCloud } from '../../wire/records/allocation-cloud.js'
import { json, text, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'

/*
 * The run bodies of the allocation operations (allocations.ts), loaded on their first call.
 */

/** GET /allocations: every user's cloud. */
export function allocationsSnapshot(context: OperationContext): OperationResult {
  const wire = wireContext(context)
  const iterable = []
  for (const user of context.store.all('user')) {
    if (user.allocation) iterable.push(buildAllocationCloud(user, user.allocation, wire))
  }
  return json({ iterable })
}

/** GET /allocation/{allocation}: one cloud. */
export function allocationSnapshot(context: OperationContext): OperationResult {
  const { user, allocation } = findAllocation(context.store, pathId(context, 'allocation'))
  return json(buildAllocationCloud(user, allocation, wireContext(context)))
}

/** POST /allocations/create: a PENDING cloud for the user the AllocationCloud names. */
export async function allocationsCreate(context: OperationContext): Promise<OperationResult> {
  const input = cloudOf(context)
  return cloudAnswer(context, await context.store.write((tx) => createAllocation(tx, input.user)))
}

/** POST /allocation/update: a cloud's project, version or region changed. */
export async function allocationUpdate(context: OperationContext): Promise<OperationResult> {
  const input = cloudOf(context)
  return cloudAnswer(
    context,
    await context.store.write((tx) =>
      updateAllocation(tx, input.id, { project: input.project, version: input.version, region: input.region }),
    ),
  )
}

/** POST /allocations/reconnect: a cloud running again. */
export async function allocationsReconnect(context: OperationContext): Promise<OperationResult> {
  const input = cloudOf(context)
  return cloudAnswer(context, await context.store.write((tx) => reconnectAllocation(tx, input.id)))
}

/** POST /allocations/delete: a cloud gone from its user; its id answered. */
export async function allocationsDelete(context: OperationContext): Promise<OperationResult> {
  const input = cloudOf(context)
  return text(await context.store.write((tx) => deleteAllocation(tx, input.id)))
}

function cloudOf(context: OperationContext) {
  requireBody(context.request.body, 'AllocationCloud')
  return parseBody(allocationCloudInput, context.request.body, 'AllocationCloud')
}

function cloudAnswer(context: OperationContext, user: UserRecord): OperationResult {
  return json(buildAllocationCloud(user, user.allocation!, wireContext(context)))
}

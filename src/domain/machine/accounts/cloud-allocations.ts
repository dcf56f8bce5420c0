import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import type { UserRecord } from '../../../store/schemas/schemas.js'
import type { Transaction } from '../../../store/transaction/transaction.js'

/** Where a new cloud runs. */
const NEW_CLOUD = { project: 'pieces-cloud', region: 'us-central1' } as const

type Allocation = NonNullable<UserRecord['allocation']>

/**
 * The user whose cloud has this id, and the cloud; refused (NOT_FOUND) when no user has it.
 *
 * @example
 * const { user, allocation } = findAllocation(store, id)
 */
export function findAllocation(reader: Store | Transaction, id: string): { user: UserRecord; allocation: Allocation } {
  for (const user of reader.all('user')) {
    if (user.allocation?.id === id) return { user, allocation: user.allocation }
  }
  throw new MockServiceError(
    'NOT_FOUND',
    `No cloud allocation with id "${id.slice(0, 80)}". Send an id GET /allocations lists.`,
  )
}

/**
 * Creates a user's cloud (`POST /allocations/create`): PENDING until it is
 * connected. A user has one cloud: for a user who already has one, it is
 * answered as it is.
 *
 * @example
 * const user = await store.write((tx) => createAllocation(tx, userId))
 */
export function createAllocation(tx: Transaction, userId: string): UserRecord {
  const user = tx.get('user', userId)
  if (!user)
    throw new MockServiceError(
      'INVALID_REQUEST',
      `No user with id "${userId.slice(0, 80)}". Send an id GET /users lists.`,
    )
  if (user.allocation) return user
  const updated = tx.timestamp()
  return tx.update('user', userId, (draft) => {
    draft.allocation = { id: tx.id(), ...NEW_CLOUD, status: 'PENDING', updated }
  })
}

/**
 * Deletes a cloud (`POST /allocations/delete`): its user has none after.
 *
 * @example
 * await store.write((tx) => deleteAllocation(tx, id))
 */
export function deleteAllocation(tx: Transaction, id: string): string {
  const { user } = findAllocation(tx, id)
  tx.update('user', user.id, (draft) => {
    delete draft.allocation
  })
  return id
}

/**
 * Reconnects a cloud (`POST /allocations/reconnect`): DISCONNECTED, FAILED or
 * PENDING → RUNNING; a running one stays as it is.
 *
 * @example
 * const user = await store.write((tx) => reconnectAllocation(tx, id))
 */
export function reconnectAllocation(tx: Transaction, id: string): UserRecord {
  const { user, allocation } = findAllocation(tx, id)
  if (allocation.status === 'RUNNING') return user
  const updated = tx.timestamp(allocation.updated)
  return tx.update('user', user.id, (draft) => {
    draft.allocation = { ...allocation, status: 'RUNNING', updated }
  })
}

/**
 * Updates what a cloud runs (`POST /allocation/update`): its project,
 * version and region; its status changes only by connecting and disconnecting.
 *
 * @example
 * await store.write((tx) => updateAllocation(tx, id, { version: '3.3.0' }))
 */
export function updateAllocation(
  tx: Transaction,
  id: string,
  change: {
    readonly project?: string | undefined
    readonly version?: string | undefined
    readonly region?: string | undefined
  },
): UserRecord {
  const { user, allocation } = findAllocation(tx, id)
  const updated = tx.timestamp(allocation.updated)
  return tx.update('user', user.id, (draft) => {
    draft.allocation = {
      ...allocation,
      ...(change.project !== undefined && { project: change.project }),
      ...(change.version !== undefined && { version: change.version }),
      ...(change.region !== undefined && { region: change.region }),
      updated,
    }
  })
}

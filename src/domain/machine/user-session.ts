import { MockServiceError } from '../../errors.js'
import type { Transaction } from '../../store/transaction/transaction.js'
import type { UserRecord } from '../../store/schemas/schemas.js'

/** Who `POST /os/sign_in` signs in when the service has never known a user. */
const FIRST_ACCOUNT = {
  name: 'Pieces User',
  email: 'user@example.com',
  username: 'pieces-user',
  vanityname: 'pieces-user',
} as const

/** Where a newly connected cloud runs. */
const NEW_CLOUD = { project: 'pieces-cloud', region: 'us-central1' } as const

/**
 * Signs a user in, as the service's browser sign-in ends: the user already
 * signed in is answered as they are; else the first user the service knows
 * is signed in again, or, when it knows none, a new account is.
 *
 * @example
 * const user = await store.write((tx) => signIn(tx))
 */
export function signIn(tx: Transaction): UserRecord {
  const users = [...tx.all('user')]
  const signedIn = users.find((user) => user.signedIn)
  if (signedIn) return signedIn
  const known = users[0]
  if (known) {
    return tx.update('user', known.id, (draft) => {
      draft.signedIn = true
    })
  }
  const now = tx.timestamp()
  return tx.insert('user', { id: tx.id(), ...FIRST_ACCOUNT, created: now, updated: now })
}

/**
 * Signs every user out; their records stay, so `GET /users` still lists
 * them and signing in again finds them. Answers the users still signed in: none.
 *
 * @example
 * await store.write((tx) => signOut(tx))
 */
export function signOut(tx: Transaction): void {
  for (const user of [...tx.all('user')]) {
    if (!user.signedIn) continue
    tx.update('user', user.id, (draft) => {
      draft.signedIn = false
    })
  }
}

/**
 * Connects the signed-in user's cloud (`POST /allocations/connect`): a new
 * allocation the first time, the same one running again after a disconnect.
 * The profile sent, when there is one, must be the signed-in user's.
 *
 * @example
 * const user = await store.write((tx) => connectCloud(tx, body?.id))
 */
export function connectCloud(tx: Transaction, profileId: string | undefined): UserRecord {
  const user = requireSignedIn(tx, 'connect a cloud')
  if (profileId !== undefined && profileId !== user.id) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `No user with id "${profileId}" is signed in (the signed-in user is "${user.id}"). Send the profile GET /user answers.`,
    )
  }
  if (user.allocation?.status === 'RUNNING') return user
  const now = tx.timestamp()
  const allocation = user.allocation ?? { id: tx.id(), ...NEW_CLOUD }
  return tx.update('user', user.id, (draft) => {
    draft.allocation = { ...allocation, status: 'RUNNING', updated: now }
  })
}

/**
 * Disconnects the signed-in user's cloud (`POST /allocations/disconnect`):
 * its status becomes DISCONNECTED. The AllocationCloud sent, when there is
 * one, must be the user's own.
 *
 * @example
 * const user = await store.write((tx) => disconnectCloud(tx, body?.id))
 */
export function disconnectCloud(tx: Transaction, allocationId: string | undefined): UserRecord {
  const user = requireSignedIn(tx, 'disconnect a cloud')
  const allocation = user.allocation
  if (!allocation) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      'The signed-in user has no cloud to disconnect. Connect it first (POST /allocations/connect).',
    )
  }
  if (allocationId !== undefined && allocationId !== allocation.id) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `No cloud with id "${allocationId}" belongs to the signed-in user (theirs is "${allocation.id}"). Send user.allocation as GET /user answers it.`,
    )
  }
  if (allocation.status === 'DISCONNECTED') return user
  const now = tx.timestamp()
  return tx.update('user', user.id, (draft) => {
    draft.allocation = { ...allocation, status: 'DISCONNECTED', updated: now }
  })
}

function requireSignedIn(tx: Transaction, doing: string): UserRecord {
  for (const user of tx.all('user')) if (user.signedIn) return user
  throw new MockServiceError(
    'INVALID_REQUEST',
    `No user is signed in, so the service cannot ${doing}. Sign in first (POST /os/sign_in).`,
  )
}

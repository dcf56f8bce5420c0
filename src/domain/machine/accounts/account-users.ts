import { MockServiceError } from '../../../errors.js'
import type { Store } from '../../../store/create-store.js'
import type { UserRecord } from '../../../store/schemas/schemas.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'
import { signIn } from '../user-session.js'
import { revokeTokens } from './sign-in-part.js'

/** The beta part's name: which betas each user is in. */
const BETA_PART = 'user-beta'

/** A user's beta status as the client's UserBetaStatus carries it (its `auth0` and `descope` parts). */
export interface BetaStatus extends Record<string, unknown> {
  readonly user: string
  readonly auth0?: unknown
  readonly descope?: unknown
}

/** A vanity name: what a URL's host may carry. */
const VANITY = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * The users' beta statuses, one per user the service knows.
 *
 * @example
 * readBeta(store).statuses
 */
export function readBeta(reader: Store | Transaction): { readonly statuses: readonly BetaStatus[] } {
  return readPart(reader as Store, BETA_PART, { statuses: [] as BetaStatus[] })
}

/**
 * Sets a user's beta status (`POST /user/beta/status`); an unknown user is refused.
 *
 * @example
 * await store.write((tx) => setBetaStatus(tx, { user: id, auth0: { vision: { continuous: true } } }))
 */
export function setBetaStatus(tx: Transaction, status: BetaStatus): BetaStatus {
  requireUser(tx, status.user)
  const state = readBeta(tx)
  writePart(tx, BETA_PART, { statuses: [...state.statuses.filter((held) => held.user !== status.user), status] })
  return status
}

/**
 * Changes a user's vanity name (`POST /user/update/vanity`): lower-case
 * letters, digits and inner hyphens, at most 63, taken by no other user.
 *
 * @example
 * await store.write((tx) => updateVanity(tx, id, 'ada'))
 */
export function updateVanity(tx: Transaction, id: string, vanityname: string | undefined): UserRecord {
  requireUser(tx, id)
  if (vanityname === undefined || !VANITY.test(vanityname)) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      'Send a vanityname of lower-case letters, digits and inner hyphens, 1 to 63 characters.',
    )
  }
  for (const other of tx.all('user')) {
    if (other.id !== id && other.vanityname === vanityname) {
      throw new MockServiceError('INVALID_REQUEST', `The vanityname "${vanityname}" is taken. Choose another.`)
    }
  }
  return tx.update('user', id, (draft) => {
    draft.vanityname = vanityname
  })
}

/**
 * Selects the user the service acts for (`POST /user/select`): the one the
 * Auth0User names (by `user_id`, `auth0|<id>` or `<id>`, else by email) is
 * signed in and every other signed out; with no one named, the service signs
 * in as `POST /os/sign_in` does.
 *
 * @example
 * const user = await store.write((tx) => selectUser(tx, { email: 'ada@example.com' }))
 */
export function selectUser(tx: Transaction, named: { readonly userId?: string; readonly email?: string }): UserRecord {
  if (named.userId === undefined && named.email === undefined) return signIn(tx)
  const id = named.userId?.replace(/^auth0\|/, '')
  const chosen = [...tx.all('user')].find((user) =>
    id !== undefined ? user.id === id : user.email !== undefined && user.email === named.email,
  )
  if (!chosen) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      'No user the service knows matches the Auth0User sent (user_id or email).',
    )
  }
  for (const user of [...tx.all('user')]) {
    const signedIn = user.id === chosen.id
    if (user.signedIn !== signedIn) {
      tx.update('user', user.id, (draft) => {
        draft.signedIn = signedIn
      })
    }
  }
  return tx.get('user', chosen.id)!
}

/**
 * Disconnects a user (`POST /users/{user}/disconnect`): signed out, their
 * tokens revoked; the record stays.
 *
 * @example
 * await store.write((tx) => disconnectUser(tx, id))
 */
export function disconnectUser(tx: Transaction, id: string): void {
  const user = requireUser(tx, id)
  if (user.signedIn) {
    tx.update('user', id, (draft) => {
      draft.signedIn = false
    })
  }
  revokeTokens(tx, id)
}

function requireUser(tx: Transaction, id: string): UserRecord {
  const user = tx.get('user', id)
  if (!user)
    throw new MockServiceError('NOT_FOUND', `No user with id "${id.slice(0, 80)}". Send an id GET /users lists.`)
  return user
}

import {
  disconnectUser,
  selectUser as select,
  setBetaStatus,
  updateVanity,
} from '../../domain/machine/accounts/account-users.js'
import { oauthError } from '../../domain/machine/accounts/pkce-codes.js'
import { accessTokenOf, heldToken, revokeTokens } from '../../domain/machine/accounts/sign-in-part.js'
import { signedInUser } from '../../domain/machine/connection-writes.js'
import { signOut } from '../../domain/machine/user-session.js'
import { readDevice } from '../../domain/machine/os-parts/device-part.js'
import { auth0UserInput, oauthTokenInput } from '../../domain/inputs/accounts/sign-in-inputs.js'
import { betaStatusInput, vanityInput } from '../../domain/inputs/accounts/account-inputs.js'
import { MockServiceError } from '../../errors.js'
import type { UserRecord } from '../../store/schemas/schemas.js'
import { json, noContent, text, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'

/*
 * The run bodies of the account operations (account-users.ts), loaded on their first call.
 */

/** POST /user/select: the named user signed in, every other signed out. */
export async function selectUser(context: OperationContext): Promise<OperationResult> {
  const named = parseBody(auth0UserInput, context.request.body, 'Auth0User')
  const user = await context.store.write((tx) =>
    select(tx, {
      ...(named?.user_id !== undefined && { userId: named.user_id }),
      ...(named?.email !== undefined && { email: named.email }),
    }),
  )
  return json(wireContext(context).render('user', user))
}

/** GET /user/refresh: the signed-in user as the service holds them. */
export function refreshUser(context: OperationContext): OperationResult {
  return json(wireContext(context).render('user', requireSignedIn(context)))
}

/** POST /user/clear: every user signed out and every token revoked. */
export async function clearUser(context: OperationContext): Promise<OperationResult> {
  await context.store.write((tx) => {
    signOut(tx)
    revokeTokens(tx, undefined)
  })
  return noContent()
}

/** GET /user/access_token: the signed-in user's access token. */
export async function userAccessToken(context: OperationContext): Promise<OperationResult> {
  const user = requireSignedIn(context)
  return text(await context.store.write((tx) => accessTokenOf(tx, user.id)))
}

/** POST /user/beta/status: a user's beta status set and answered. */
export async function userBetaStatus(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'UserBetaStatus')
  const input = parseBody(betaStatusInput, context.request.body, 'UserBetaStatus')
  const status = await context.store.write((tx) =>
    setBetaStatus(tx, {
      user: input.user,
      ...(input.auth0 !== undefined && { auth0: input.auth0 }),
      ...(input.descope !== undefined && { descope: input.descope }),
    }),
  )
  return json(status)
}

/** POST /user/update/vanity: a user's vanity name changed. */
export async function userUpdateVanity(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'UserProfile')
  const input = parseBody(vanityInput, context.request.body, 'UserProfile')
  const user = await context.store.write((tx) => updateVanity(tx, input.id, input.vanityname))
  return json(wireContext(context).render('user', user))
}

/** GET /user/providers: the signed-in user as the identity providers know them, with the providers linked to the account. */
export function userProviders(context: OperationContext): OperationResult {
  const user = signedInUser(context.store)
  if (!user) return json({})
  const wire = wireContext(context)
  const linked = readDevice(context.store).linkedProviders
  const profile = wire.render('user', user) as Record<string, unknown>
  if (linked.length === 0) return json({ user: profile })
  const providers = linked.map((type) => ({
    type,
    user_id: `${type}|${user.id}`,
    created: wire.timestamp(user.created),
    updated: wire.timestamp(user.updated),
  }))
  return json({ user: { ...profile, providers: { iterable: providers } } })
}

/** POST /users/authenticate/from_token: the token's user signed in. */
export async function authenticateFromOauthToken(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'OAuthToken')
  const input = parseBody(oauthTokenInput, context.request.body, 'OAuthToken')
  const user = await context.store.write((tx) => {
    const token = heldToken(tx, input.access_token)
    if (!token) throw oauthError('invalid_token', 'The access token is not one the service issued (or it was revoked).')
    const owner = tx.get('user', token.user)
    if (!owner) throw oauthError('invalid_token', 'The access token belongs to a user the service no longer knows.')
    return select(tx, { userId: owner.id })
  })
  return json(wireContext(context).render('user', user))
}

/** POST /users/{user}/disconnect: the user signed out, their tokens revoked; the users answered. */
export async function usersDisconnectUser(context: OperationContext): Promise<OperationResult> {
  const user = readRecord(context, 'user', 'user')
  await context.store.write((tx) => disconnectUser(tx, user.id))
  const wire = wireContext(context)
  return json({ iterable: Array.from(context.store.all('user'), (record) => wire.render('user', record)) })
}

function requireSignedIn(context: OperationContext): UserRecord {
  const user = signedInUser(context.store)
  if (!user) throw new MockServiceError('INVALID_REQUEST', 'No user is signed in. Sign in first (POST /os/sign_in).')
  return user
}

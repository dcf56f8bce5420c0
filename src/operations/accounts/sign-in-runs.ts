import { checkChallenge, issueCode, oauthError } from '../../domain/machine/accounts/pkce-codes.js'
import {
  clearFlow,
  exchangeCode,
  heldToken,
  logOut,
  makeChallenge,
  refreshToken,
  takeCode,
  TOKEN_LIFETIME_S,
  type IssuedToken,
} from '../../domain/machine/accounts/sign-in-part.js'
import { signedInUser } from '../../domain/machine/connection-writes.js'
import { codeResponseInput, seededPkceInput, tokenizedPkceInput } from '../../domain/inputs/accounts/sign-in-inputs.js'
import type { UserRecord } from '../../store/schemas/schemas.js'
import { json, noContent, text, type OperationContext, type OperationResult } from '../define/define-operation.js'
import { requireBody } from '../define/record-routes.js'
import { parseBody } from '../define/request-input.js'

/*
 * The run bodies of the PKCE and Auth0 operations (pkce.ts, auth0.ts),
 * loaded on their first call.
 */

/** GET /pkce/challenge: a new challenge the service keeps. */
export async function getChallenge(context: OperationContext): Promise<OperationResult> {
  const challenge = await context.store.write((tx) => makeChallenge(tx))
  return json({ challenge })
}

/** POST /pkce/code: a code for the SeededPKCE's challenge. */
export function generateCode(context: OperationContext): OperationResult {
  requireBody(context.request.body, 'SeededPKCE')
  const seed = parseBody(seededPkceInput, context.request.body, 'SeededPKCE')
  if (seed.response_type !== 'code') {
    throw oauthError('unsupported_response_type', 'response_type must be "code" for a PKCE sign-in.')
  }
  const method = checkChallenge(seed.code_challenge, seed.code_challenge_method)
  const code = issueCode({
    challenge: seed.code_challenge,
    method,
    clientId: seed.client_id,
    redirectUri: seed.redirect_uri ?? '',
    state: seed.state,
    issuedAt: context.store.clock.now().getTime(),
  })
  return json({ result: { code, state: seed.state }, seed: context.request.body })
}

/** POST /pkce/response/code: the code and state the browser came back with. */
export async function respondWithCode(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'ResultedPKCE')
  const form = parseBody(codeResponseInput, context.request.body, 'ResultedPKCE')
  const result = await context.store.write((tx) => takeCode(tx, form.code, form.state))
  return json({ result })
}

/** POST /pkce/token: the code traded for tokens; the user is signed in. */
export async function generateToken(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'TokenizedPKCE')
  const input = parseBody(tokenizedPkceInput, context.request.body, 'TokenizedPKCE')
  await exchange(context, input)
  const { code_verifier: _verifier, ...token } = input
  return json({ token: { ...token, code_verifier: '[redacted]' } })
}

/** POST /pkce/clear: the flow under way forgotten. */
export async function clearPkce(context: OperationContext): Promise<OperationResult> {
  await context.store.write((tx) => clearFlow(tx))
  return noContent()
}

/** GET /authorize: a code for the challenge in the query (S256 or plain). */
export function authorizeAuth0(context: OperationContext): OperationResult {
  const query = context.request.query
  const need = (name: string) => {
    const value = query.get(name)
    if (value === null || value === '') throw oauthError('invalid_request', `The query parameter ${name} is missing.`)
    if (value.length > 2048) throw oauthError('invalid_request', `The query parameter ${name} is too long.`)
    return value
  }
  if (need('response_type') !== 'code') {
    throw oauthError('unsupported_response_type', 'response_type must be "code" for a PKCE sign-in.')
  }
  const method = checkChallenge(need('code_challenge'), query.get('code_challenge_method') ?? 'plain')
  const state = query.get('state') ?? ''
  const code = issueCode({
    challenge: need('code_challenge'),
    method,
    clientId: need('client_id'),
    redirectUri: query.get('redirect_uri') ?? '',
    state: state.slice(0, 512),
    issuedAt: context.store.clock.now().getTime(),
  })
  return json({ code, state: state.slice(0, 512) })
}

/** POST /oauth/token: a code and verifier (or a refresh token) traded for an OAuthToken. */
export async function exchangeForAuth0Token(context: OperationContext): Promise<OperationResult> {
  requireBody(context.request.body, 'TokenizedPKCE')
  const form = parseBody(tokenizedPkceInput, context.request.body, 'TokenizedPKCE')
  if (form.grant_type === 'refresh_token') {
    const token = await context.store.write((tx) => refreshToken(tx, form.code))
    return json(oauthToken(token))
  }
  const { token } = await exchange(context, form)
  return json(oauthToken(token))
}

/** GET /userinfo: the user of the bearer token, or the signed-in user when no token is sent. */
export function getAuth0UserInfo(context: OperationContext): OperationResult {
  const authorization = context.request.header?.('authorization')
  let user: UserRecord | undefined
  if (authorization !== undefined && authorization !== '') {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1]
    const token = bearer === undefined ? undefined : heldToken(context.store, bearer)
    if (!token) throw oauthError('invalid_token', 'The bearer token is not one the service holds (or it was revoked).')
    user = context.store.get('user', token.user)
  } else {
    user = signedInUser(context.store)
  }
  if (!user)
    throw oauthError('invalid_token', 'No user is signed in. Sign in first (POST /pkce/token or POST /os/sign_in).')
  return json(auth0User(user))
}

/** GET /v2/logout: every token revoked, every user signed out; returnTo recorded, never opened. */
export async function auth0Logout(context: OperationContext): Promise<OperationResult> {
  const returnTo = context.request.query.get('returnTo')?.slice(0, 2048)
  const clientId = context.request.query.get('client_id')?.slice(0, 512)
  await context.store.write((tx) =>
    logOut(tx, { ...(returnTo !== undefined && { returnTo }), ...(clientId !== undefined && { clientId }) }),
  )
  return text(returnTo ?? 'OK')
}

async function exchange(
  context: OperationContext,
  input: { grant_type: string; client_id: string; code: string; redirect_uri: string; code_verifier: string },
) {
  if (input.grant_type !== 'authorization_code') {
    throw oauthError('unsupported_grant_type', 'grant_type must be "authorization_code" to trade a code.')
  }
  return context.store.write((tx) =>
    exchangeCode(tx, {
      code: input.code,
      verifier: input.code_verifier,
      clientId: input.client_id,
      redirectUri: input.redirect_uri,
    }),
  )
}

function oauthToken(token: IssuedToken) {
  return {
    access_token: token.access,
    token_type: 'Bearer',
    expires_in: TOKEN_LIFETIME_S,
    scope: token.scope,
    refresh_token: token.refresh,
    id_token: token.id,
  }
}

function auth0User(user: UserRecord) {
  return {
    user_id: `auth0|${user.id}`,
    ...(user.name !== undefined && { name: user.name }),
    ...(user.email !== undefined && { email: user.email, email_verified: true }),
    ...(user.username !== undefined && { username: user.username, nickname: user.username }),
    ...(user.picture !== undefined && { picture: user.picture }),
    created_at: user.created,
    updated_at: user.updated,
    user_metadata: { global_id: user.id, ...(user.vanityname !== undefined && { vanityname: user.vanityname }) },
  }
}

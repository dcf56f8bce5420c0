import type { Store } from '../../../store/create-store.js'
import type { UserRecord } from '../../../store/schemas/schemas.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'
import { signIn, signOut } from '../user-session.js'
import { checkVerifier, CODE_LIFETIME_MS, oauthError, opaque, readCode, s256Challenge } from './pkce-codes.js'

/** The sign-in part's name: its `machinePart` record. */
const SIGN_IN_PART = 'sign-in'

/** The most tokens the service keeps; past it the oldest is dropped (and no longer accepted). */
const MAX_TOKENS = 32

/** The most used codes remembered; each is forgotten once it has expired anyway. */
const MAX_USED_CODES = 256

/** How long an access token is valid, in seconds (OAuthToken `expires_in`). */
export const TOKEN_LIFETIME_S = 86_400

/** A token the service issued: opaque values and whose they are. */
export interface IssuedToken {
  readonly access: string
  readonly refresh: string
  readonly id: string
  readonly user: string
  readonly scope: string
  /** When it was issued (ISO). */
  readonly issued: string
}

/** The challenge `GET /pkce/challenge` made, verifier included (the service keeps it for its own exchange). */
interface Challenge {
  readonly state: string
  readonly nonce: string
  readonly challenge: string
  readonly method: 'S256'
  readonly verifier: string
}

/** The sign-in part's state (docs/machine.md, "Sign-in"). */
export interface SignInState extends Record<string, unknown> {
  /** How many challenges and tokens the service has made: what the next is derived from. */
  readonly serial: number
  readonly challenge?: Challenge
  /** The code and state the browser handed back (`POST /pkce/response/code`). */
  readonly result?: { readonly code: string; readonly state: string }
  /** Codes already exchanged, by signature, until they expire. */
  readonly used: ReadonlyArray<{ readonly signature: string; readonly until: number }>
  readonly tokens: readonly IssuedToken[]
  /** Where the last logout asked to return to: recorded, never opened. */
  readonly logout?: { readonly returnTo?: string; readonly clientId?: string; readonly at: string }
}

const INITIAL: SignInState = { serial: 0, used: [], tokens: [] }

/**
 * The sign-in part as stored.
 *
 * @example
 * readSignIn(store).tokens.length
 */
export function readSignIn(reader: Store | Transaction): SignInState {
  return readPart(reader as Store, SIGN_IN_PART, INITIAL)
}

/**
 * Makes the next challenge (`GET /pkce/challenge`): a verifier derived from
 * the serial, its S256 challenge, a state and a nonce; the service keeps it.
 *
 * @example
 * const challenge = await store.write((tx) => makeChallenge(tx))
 */
export function makeChallenge(tx: Transaction): Challenge {
  const state = readSignIn(tx)
  const serial = state.serial + 1
  const verifier = opaque('verifier', String(serial), 64)
  const challenge: Challenge = {
    state: opaque('state', String(serial), 24),
    nonce: opaque('nonce', String(serial), 24),
    challenge: s256Challenge(verifier),
    method: 'S256',
    verifier,
  }
  writePart(tx, SIGN_IN_PART, { ...state, serial, challenge })
  return challenge
}

/**
 * Takes the code the browser hands back (`POST /pkce/response/code`): the
 * code must be one the service issued, unused and unexpired, and the state
 * the one it was issued with.
 *
 * @example
 * await store.write((tx) => takeCode(tx, code, state))
 */
export function takeCode(tx: Transaction, code: string, state: string): { code: string; state: string } {
  const now = Date.parse(tx.timestamp())
  const grant = readCode(code, now)
  const part = readSignIn(tx)
  refuseUsed(part, grant.signature)
  if (grant.state !== state) {
    throw oauthError('invalid_request', 'state does not match the state the code was issued with.')
  }
  const result = { code, state }
  writePart(tx, SIGN_IN_PART, { ...part, result })
  return result
}

/** What an exchange sends: the code, its verifier, and who asks. */
export interface Exchange {
  readonly code: string
  readonly verifier: string
  readonly clientId: string
  readonly redirectUri: string
}

/**
 * Exchanges an authorization code for tokens (RFC 7636 §4.5–4.6): the code
 * must be one the service issued to this client and redirect URI, unused and
 * unexpired, and the verifier must match its challenge. The code is used up,
 * the service's user is signed in, and the tokens are theirs.
 *
 * @example
 * const { token, user } = await store.write((tx) => exchangeCode(tx, { code, verifier, clientId, redirectUri }))
 */
export function exchangeCode(tx: Transaction, exchange: Exchange): { token: IssuedToken; user: UserRecord } {
  const now = Date.parse(tx.timestamp())
  const grant = readCode(exchange.code, now)
  const part = readSignIn(tx)
  refuseUsed(part, grant.signature)
  if (grant.clientId !== exchange.clientId) {
    throw oauthError('invalid_grant', 'client_id is not the client the code was issued to.')
  }
  if (grant.redirectUri !== exchange.redirectUri) {
    throw oauthError('invalid_grant', 'redirect_uri is not the one the code was issued for.')
  }
  checkVerifier(grant, exchange.verifier)
  const user = signIn(tx)
  const used = [
    ...part.used.filter((entry) => entry.until >= now),
    { signature: grant.signature, until: grant.issuedAt + CODE_LIFETIME_MS },
  ]
  const token = issueToken(part.serial + 1, user.id, 'openid profile email offline_access', tx.timestamp())
  writePart(tx, SIGN_IN_PART, {
    ...part,
    serial: part.serial + 1,
    used: used.slice(-MAX_USED_CODES),
    tokens: [...part.tokens, token].slice(-MAX_TOKENS),
  })
  return { token, user }
}

/**
 * Trades a refresh token for a new access token (grant_type refresh_token):
 * the old token is replaced; a refresh token the service does not hold is refused.
 *
 * @example
 * const token = await store.write((tx) => refreshToken(tx, refresh))
 */
export function refreshToken(tx: Transaction, refresh: string): IssuedToken {
  const part = readSignIn(tx)
  const old = part.tokens.find((token) => token.refresh === refresh)
  if (!old) throw oauthError('invalid_grant', 'The refresh token is not one the service holds.')
  const token = issueToken(part.serial + 1, old.user, old.scope, tx.timestamp())
  const tokens = [...part.tokens.filter((held) => held !== old), token]
  writePart(tx, SIGN_IN_PART, { ...part, serial: part.serial + 1, tokens })
  return token
}

/**
 * The token of an access token the service holds, or undefined.
 *
 * @example
 * heldToken(store, bearer)?.user
 */
export function heldToken(reader: Store | Transaction, access: string): IssuedToken | undefined {
  return readSignIn(reader).tokens.find((token) => token.access === access)
}

/**
 * The signed-in user's access token (`GET /user/access_token`): the newest
 * they hold, or a new one when they hold none.
 *
 * @example
 * const access = await store.write((tx) => accessTokenOf(tx, user.id))
 */
export function accessTokenOf(tx: Transaction, user: string): string {
  const part = readSignIn(tx)
  const held = part.tokens.findLast((token) => token.user === user)
  if (held) return held.access
  const token = issueToken(part.serial + 1, user, 'openid profile email', tx.timestamp())
  writePart(tx, SIGN_IN_PART, { ...part, serial: part.serial + 1, tokens: [...part.tokens, token].slice(-MAX_TOKENS) })
  return token.access
}

/**
 * Revokes tokens: a user's, or every one; with `signOutToo`, the users are
 * signed out as well (logout, `POST /user/clear`).
 *
 * @example
 * await store.write((tx) => revokeTokens(tx, undefined))
 */
export function revokeTokens(tx: Transaction, user: string | undefined): void {
  const part = readSignIn(tx)
  const tokens = part.tokens.filter((token) => user !== undefined && token.user !== user)
  if (tokens.length !== part.tokens.length) writePart(tx, SIGN_IN_PART, { ...part, tokens })
}

/**
 * Logs out (`GET /v2/logout`): every token revoked, every user signed out,
 * and where the caller asked to return to recorded (never opened).
 *
 * @example
 * await store.write((tx) => logOut(tx, { returnTo: 'http://localhost:3000' }))
 */
export function logOut(tx: Transaction, asked: { readonly returnTo?: string; readonly clientId?: string }): void {
  signOut(tx)
  const part = readSignIn(tx)
  writePart(tx, SIGN_IN_PART, {
    ...part,
    tokens: [],
    logout: { ...asked, at: tx.timestamp() },
  })
}

/**
 * Forgets the flow under way (`POST /pkce/clear`): the challenge and the
 * code handed back. Tokens already issued stay.
 *
 * @example
 * await store.write((tx) => clearFlow(tx))
 */
export function clearFlow(tx: Transaction): void {
  const { challenge: _challenge, result: _result, ...rest } = readSignIn(tx)
  writePart(tx, SIGN_IN_PART, rest)
}

function refuseUsed(part: SignInState, signature: string): void {
  if (part.used.some((entry) => entry.signature === signature)) {
    throw oauthError('invalid_grant', 'The authorization code was already used. Authorize again for a new one.')
  }
}

function issueToken(serial: number, user: string, scope: string, issued: string): IssuedToken {
  const from = `${serial}|${user}`
  return {
    access: `pat_${opaque('access', from)}`,
    refresh: `prt_${opaque('refresh', from)}`,
    id: `pid_${opaque('id', from)}`,
    user,
    scope,
    issued,
  }
}

import { MockServiceError } from '../../../errors.js'
import { base64Url, sha256, sha256Hex } from './sha256.js'

/** How long an authorization code may be exchanged after it is issued: ten minutes, as Auth0's codes. */
export const CODE_LIFETIME_MS = 10 * 60_000

/** What the mock signs its codes and derives its tokens with: fixed, so every run issues the same ones. */
const SECRET = 'conversation-asset-mock/sign-in'

/** The characters RFC 7636 allows in a verifier and a plain challenge (unreserved URI characters). */
const UNRESERVED = /^[A-Za-z0-9\-._~]{43,128}$/

/** A code challenge method: S256, or plain (RFC 7636 §4.2). */
export type ChallengeMethod = 'S256' | 'plain'

/** What an authorization code stands for: the challenge it was issued against and the request it answers. */
export interface CodeGrant {
  readonly challenge: string
  readonly method: ChallengeMethod
  readonly clientId: string
  readonly redirectUri: string
  readonly state: string
  /** When it was issued (ms since the epoch, the mock's clock). */
  readonly issuedAt: number
}

/**
 * An OAuth error as the service's refusals word it: the RFC 6749 error code
 * first (`invalid_grant`, `invalid_request`, …), then what was wrong. The
 * client reads every refusal as a ResponseError; the code leads its text.
 *
 * @example
 * throw oauthError('invalid_grant', 'The code was already used.')
 */
export function oauthError(code: string, message: string): MockServiceError {
  return new MockServiceError('INVALID_REQUEST', `${code}: ${message}`)
}

/**
 * Checks a code challenge as RFC 7636 §4.2 says: a plain challenge is a
 * verifier (43 to 128 unreserved characters); an S256 one is the 43
 * base64url characters of a SHA-256.
 *
 * @example
 * checkChallenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'S256')
 */
export function checkChallenge(challenge: string, method: string): ChallengeMethod {
  if (method !== 'S256' && method !== 'plain') {
    throw oauthError(
      'invalid_request',
      `code_challenge_method "${method.slice(0, 40)}" is not supported. Send S256 or plain.`,
    )
  }
  const valid = method === 'S256' ? /^[A-Za-z0-9\-_]{43}$/.test(challenge) : UNRESERVED.test(challenge)
  if (!valid) {
    throw oauthError(
      'invalid_request',
      method === 'S256'
        ? 'code_challenge is not an S256 challenge (43 base64url characters). Send BASE64URL(SHA256(verifier)).'
        : 'code_challenge is not a plain challenge (43 to 128 unreserved characters). Send the verifier itself.',
    )
  }
  return method
}

/**
 * The S256 challenge of a verifier: BASE64URL(SHA256(verifier)).
 *
 * @example
 * s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 */
export function s256Challenge(verifier: string): string {
  return base64Url(sha256(new TextEncoder().encode(verifier)))
}

/**
 * Issues an authorization code for a grant: opaque to the client, signed by
 * the mock, carrying its grant, so the same request at the same time always
 * gets the same code and a code changed by one character is refused.
 *
 * @example
 * const code = issueCode({ challenge, method: 'S256', clientId: 'app', redirectUri: 'http://localhost/cb', state: 's', issuedAt: Date.now() })
 */
export function issueCode(grant: CodeGrant): string {
  const payload = base64Url(new TextEncoder().encode(JSON.stringify(grant)))
  return `${payload}.${signatureOf(payload)}`
}

/**
 * The grant a code stands for, refused (`invalid_grant`) when the mock did
 * not issue it or it is older than {@link CODE_LIFETIME_MS}.
 *
 * @example
 * const grant = readCode(code, Date.now())
 */
export function readCode(code: string, now: number): CodeGrant & { readonly signature: string } {
  const [payload, signature, extra] = code.split('.')
  if (!payload || !signature || extra !== undefined || signature !== signatureOf(payload)) {
    throw oauthError('invalid_grant', 'The authorization code is not one the service issued.')
  }
  const grant = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as CodeGrant
  if (now - grant.issuedAt > CODE_LIFETIME_MS) {
    throw oauthError('invalid_grant', 'The authorization code expired (codes live ten minutes). Authorize again.')
  }
  return { ...grant, signature }
}

/**
 * Checks a verifier against the challenge of a grant (RFC 7636 §4.6):
 * refused (`invalid_grant`) when it is malformed or does not match.
 *
 * @example
 * checkVerifier(grant, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')
 */
export function checkVerifier(grant: CodeGrant, verifier: string): void {
  if (!UNRESERVED.test(verifier)) {
    throw oauthError('invalid_grant', 'code_verifier must be 43 to 128 unreserved characters (RFC 7636 §4.1).')
  }
  const derived = grant.method === 'S256' ? s256Challenge(verifier) : verifier
  if (derived !== grant.challenge) {
    throw oauthError('invalid_grant', 'code_verifier does not match the code_challenge the code was issued for.')
  }
}

/**
 * An opaque value derived from what it stands for: the same inputs give
 * the same value on every run (a verifier, a token, a state).
 *
 * @example
 * opaque('access', code, 40) // 40 hex digits
 */
export function opaque(kind: string, from: string, length = 40): string {
  return sha256Hex(`${SECRET}|${kind}|${from}`).slice(0, length)
}

function signatureOf(payload: string): string {
  return opaque('code', payload, 32)
}

function fromBase64Url(text: string): Uint8Array {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (char) => char.charCodeAt(0))
  } catch {
    throw oauthError('invalid_grant', 'The authorization code is not one the service issued.')
  }
}

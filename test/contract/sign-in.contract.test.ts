import {
  Auth0Api,
  Configuration,
  OAuthTokenToJSON,
  PKCEApi,
  PKCEToJSON,
  ResultedPKCEToJSON,
  UserApi,
  UserProfileToJSON,
  UsersApi,
  type PKCE,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callAndCheck, failure } from './client-call.js'
import { runtimes, type ContractRuntime } from './runtimes.js'
import { checkModel } from './check-model.js'

/*
 * The sign-in flows through the official client: the service's PKCE flow
 * (challenge → code → code handed back → token) and Auth0's
 * (authorize → exchange → userinfo → logout), validated as RFC 7636 says.
 */

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
const REDIRECT = 'http://localhost:8080/callback'
const PLAIN = 'plain-verifier-0123456789-abcdefghijklmnopqrstuvwxyz'

describe.each(runtimes)('signing in through the official client, $name', ({ start }) => {
  let mock: ContractRuntime
  const configuration = (accessToken?: string) =>
    new Configuration({ basePath: mock.baseUrl, ...(accessToken !== undefined && { accessToken }) })
  const pkce = () => new PKCEApi(configuration())
  const auth0 = (accessToken?: string) => new Auth0Api(configuration(accessToken))
  const snapshot = () => JSON.stringify(mock.store.snapshot())

  const seededCode = async (challenge = CHALLENGE, state = 'state-1') => {
    const { value } = await callAndCheck(
      pkce().generateCodeRaw({
        seededPKCE: {
          responseType: 'code',
          state,
          nonce: 'nonce-1',
          redirectUri: REDIRECT,
          codeChallenge: challenge,
          codeChallengeMethod: 'S256',
          scope: ['openid', 'email'],
          clientId: 'desktop',
        },
      }),
      'PKCE',
      PKCEToJSON,
    )
    return value.result!.code
  }
  const token = (code: string, codeVerifier = VERIFIER) =>
    pkce().generateToken({
      tokenizedPKCE: {
        grantType: 'authorization_code',
        clientId: 'desktop',
        code,
        redirectUri: REDIRECT,
        codeVerifier,
      },
    })
  const exchange = (code: string, codeVerifier: string) =>
    auth0().exchangeForAuth0Token({
      grantType: 'authorization_code',
      clientId: 'desktop',
      code,
      redirectUri: REDIRECT,
      codeVerifier,
    })

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(() => mock.reset())
  afterAll(() => mock.close())

  it('makes a challenge whose verifier proves it by S256, the same one on every run', async () => {
    const { value } = await callAndCheck(pkce().getChallengeRaw(), 'PKCE', PKCEToJSON)
    const challenge = value.challenge!
    expect(challenge.method).toBe('S256')
    expect(challenge.verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/)
    const code = await seededCode(challenge.challenge)
    const { value: tokened } = await callAndCheck(
      pkce().generateTokenRaw({
        tokenizedPKCE: {
          grantType: 'authorization_code',
          clientId: 'desktop',
          code,
          redirectUri: REDIRECT,
          codeVerifier: challenge.verifier,
        },
      }),
      'PKCE',
      PKCEToJSON,
    )
    expect(tokened.token?.codeVerifier).toBe('[redacted]')
    await mock.reset()
    expect((await pkce().getChallenge()).challenge).toEqual(challenge)
  })

  it('walks challenge → code → code handed back → token, and the user is signed in with an access token', async () => {
    await fetch(`${mock.baseUrl}/os/sign_out`, { method: 'POST' }).then((response) => response.text())
    const code = await seededCode()
    const { value: handed } = await callAndCheck(
      pkce().respondWithCodeRaw({ code, state: 'state-1' }),
      'PKCE',
      PKCEToJSON,
    )
    expect(handed.result).toEqual({ code, state: 'state-1' })
    await token(code)
    const user = await new UserApi(configuration()).userSnapshot()
    expect(user.user?.name).toBe('Ada Lovelace')
    const access = await new UserApi(configuration()).userAccessToken()
    expect(access).toMatch(/^pat_[0-9a-f]{40}$/)
    const { value: again } = await callAndCheck(
      new UsersApi(configuration()).authenticateFromOauthTokenRaw({
        oAuthToken: { accessToken: access, tokenType: 'Bearer', expiresIn: 86400 },
      }),
      'UserProfile',
      UserProfileToJSON,
    )
    expect(again.id).toBe(user.user?.id)
  })

  it('refuses a wrong verifier, a reused code and an expired one with the OAuth error, changing nothing', async () => {
    const code = await seededCode()
    const before = snapshot()
    const wrong = await failure(token(code, 'x'.repeat(43)))
    expect(wrong.status).toBe(500)
    expect(wrong.text).toMatch(/^invalid_grant: code_verifier does not match/)
    expect(snapshot()).toBe(before)
    await token(code)
    const reused = await failure(token(code))
    expect(reused.text).toMatch(/^invalid_grant: The authorization code was already used/)
    const late = await seededCode(CHALLENGE, 'state-2')
    await fetch(`${mock.baseUrl}/__mock/clock/advance`, {
      method: 'POST',
      body: JSON.stringify({ ms: 11 * 60_000 }),
      headers: { 'content-type': 'application/json' },
    }).then((response) => response.text())
    expect((await failure(token(late))).text).toMatch(/^invalid_grant: The authorization code expired/)
    expect((await failure(token(`${late.slice(0, -1)}0`))).text).toMatch(/^invalid_grant: .*not one the service issued/)
  })

  it('refuses a code handed back with another state, and a challenge that is not RFC 7636', async () => {
    const code = await seededCode()
    expect((await failure(pkce().respondWithCode({ code, state: 'forged' }))).text).toMatch(/^invalid_request: state/)
    const short = await failure(
      pkce().generateCode({
        seededPKCE: {
          responseType: 'code',
          state: 's',
          nonce: 'n',
          codeChallenge: 'too-short',
          codeChallengeMethod: 'S256',
          scope: ['openid'],
          clientId: 'desktop',
        },
      }),
    )
    expect(short.text).toMatch(/^invalid_request: code_challenge is not an S256 challenge/)
  })

  it('authorizes with Auth0 by S256 and by plain, and exchanges each code for an opaque, deterministic token', async () => {
    const authorize = (codeChallenge: string, method: string) =>
      fetch(
        `${mock.baseUrl}/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: 'desktop',
          redirect_uri: REDIRECT,
          code_challenge: codeChallenge,
          code_challenge_method: method,
          state: 'auth0-state',
        })}`,
      ).then(async (response) => {
        const body = (await response.json()) as { code: string; state: string }
        expect(checkModel(body, 'ResultedPKCE')).toEqual([])
        return body
      })
    const viaClient = await callAndCheck(
      auth0().authorizeAuth0Raw({
        audience: 'https://pieces.app',
        scope: ['openid'],
        responseType: 'code',
        clientId: 'desktop',
        codeChallengeMethod: 'S256',
        codeChallenge: CHALLENGE,
        responseMode: 'query',
        redirectUri: REDIRECT,
        state: 'auth0-state',
      }),
      'ResultedPKCE',
      ResultedPKCEToJSON,
    )
    expect(viaClient.value.state).toBe('auth0-state')
    const first = await callAndCheck(
      auth0().exchangeForAuth0TokenRaw({
        grantType: 'authorization_code',
        clientId: 'desktop',
        code: viaClient.value.code,
        redirectUri: REDIRECT,
        codeVerifier: VERIFIER,
      }),
      'OAuthToken',
      OAuthTokenToJSON,
    )
    expect(first.value.tokenType).toBe('Bearer')
    const plain = await authorize(PLAIN, 'plain')
    expect((await failure(exchange(plain.code, VERIFIER))).text).toMatch(/^invalid_grant: code_verifier does not match/)
    const second = await exchange(plain.code, PLAIN)
    expect(second.accessToken).not.toBe(first.value.accessToken)
    await mock.reset()
    const replayed = await exchange((await authorize(CHALLENGE, 'S256')).code, VERIFIER)
    expect(replayed.accessToken).toBe(first.value.accessToken)
  })

  it("answers the bearer token's user from userinfo, refuses a wrong token, and logs out", async () => {
    const code = await seededCode()
    const issued = await exchange(code, VERIFIER)
    const info = await auth0(`Bearer ${issued.accessToken}`).getAuth0UserInfo()
    expect(info.email).toBe('ada@example.com')
    const wrong = await failure(auth0('Bearer pat_0000').getAuth0UserInfo())
    expect(wrong.text).toMatch(/^invalid_token: /)
    expect(await auth0().auth0Logout({ clientId: 'desktop', returnTo: 'http://localhost:3000/bye' })).toBe(
      'http://localhost:3000/bye',
    )
    expect((await new UserApi(configuration()).userSnapshot()).user).toBeUndefined()
    expect((await failure(auth0(`Bearer ${issued.accessToken}`).getAuth0UserInfo())).text).toMatch(/^invalid_token: /)
  })

  it('clears the flow under way: the challenge and the code handed back are forgotten', async () => {
    await pkce().getChallenge()
    await pkce().respondWithCode({ code: await seededCode(), state: 'state-1' })
    await pkce().clearPKCE()
    const state = mock.store.get('machinePart', 'sign-in')?.state as PKCE & Record<string, unknown>
    expect(state.challenge).toBeUndefined()
    expect(state.result).toBeUndefined()
  })
})

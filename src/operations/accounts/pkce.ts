import { defineOperation, type Operation } from '../define/define-operation.js'

const runs = () => import('./account-runs.js')

/**
 * The service's PKCE sign-in (PKCEApi): a challenge, a code for it, the code
 * handed back, the code traded for a token, and clearing the flow. Validated
 * as RFC 7636 says; the run bodies load on first call.
 *
 * @example
 * routeTable() // holds these
 */
export const pkceOperations: readonly Operation[] = [
  defineOperation({
    id: 'getChallenge',
    method: 'GET',
    paths: ['/pkce/challenge'],
    params: {},
    live: true,
    run: async (context) => (await runs()).getChallenge(context),
  }),
  defineOperation({
    id: 'generateCode',
    method: 'POST',
    paths: ['/pkce/code'],
    params: {},
    run: async (context) => (await runs()).generateCode(context),
  }),
  defineOperation({
    id: 'respondWithCode',
    method: 'POST',
    paths: ['/pkce/response/code'],
    params: {},
    body: 'form',
    run: async (context) => (await runs()).respondWithCode(context),
  }),
  defineOperation({
    id: 'generateToken',
    method: 'POST',
    paths: ['/pkce/token'],
    params: {},
    secret: true,
    run: async (context) => (await runs()).generateToken(context),
  }),
  defineOperation({
    id: 'clearPKCE',
    method: 'POST',
    paths: ['/pkce/clear'],
    params: {},
    body: 'none',
    run: async (context) => (await runs()).clearPkce(context),
  }),
]

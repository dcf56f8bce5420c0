import { defineOperation, type Operation } from '../define/define-operation.js'

const runs = () => import('./account-runs.js')

/**
 * Auth0's own endpoints as the service's sign-in reaches them (Auth0Api):
 * authorize with a PKCE challenge, exchange the code for tokens, read the
 * token's user, log out. Tokens are opaque and the same on every run.
 *
 * @example
 * routeTable() // holds these
 */
export const auth0Operations: readonly Operation[] = [
  defineOperation({
    id: 'authorizeAuth0',
    method: 'GET',
    paths: ['/authorize'],
    params: {},
    live: true,
    run: async (context) => (await runs()).authorizeAuth0(context),
  }),
  defineOperation({
    id: 'exchangeForAuth0Token',
    method: 'POST',
    paths: ['/oauth/token'],
    params: {},
    body: 'form',
    secret: true,
    run: async (context) => (await runs()).exchangeForAuth0Token(context),
  }),
  defineOperation({
    id: 'getAuth0UserInfo',
    method: 'GET',
    paths: ['/userinfo'],
    params: {},
    live: true,
    run: async (context) => (await runs()).getAuth0UserInfo(context),
  }),
  defineOperation({
    id: 'auth0Logout',
    method: 'GET',
    paths: ['/v2/logout'],
    params: {},
    live: true,
    run: async (context) => (await runs()).auth0Logout(context),
  }),
]

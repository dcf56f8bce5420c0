import { defineOperation, type Operation } from '../define/define-operation.js'

const runs = () => import('./account-runs.js')

/**
 * The signed-in user's account (UserApi) and the users the service knows
 * (UsersApi) beyond their snapshots: select, refresh, clear, the access
 * token, beta status, vanity name, providers, signing in from a token and
 * disconnecting. Every change rewrites the user record, so `/user/stream` sends it.
 *
 * @example
 * routeTable() // holds these
 */
export const accountUserOperations: readonly Operation[] = [
  defineOperation({
    id: 'selectUser',
    method: 'POST',
    paths: ['/user/select'],
    params: {},
    body: 'optional',
    run: async (context) => (await runs()).selectUser(context),
  }),
  defineOperation({
    id: 'refreshUser',
    method: 'GET',
    paths: ['/user/refresh'],
    params: {},
    run: async (context) => (await runs()).refreshUser(context),
  }),
  defineOperation({
    id: 'clearUser',
    method: 'POST',
    paths: ['/user/clear'],
    params: {},
    body: 'none',
    run: async (context) => (await runs()).clearUser(context),
  }),
  defineOperation({
    id: 'userAccessToken',
    method: 'GET',
    paths: ['/user/access_token'],
    params: {},
    live: true,
    run: async (context) => (await runs()).userAccessToken(context),
  }),
  defineOperation({
    id: 'userBetaStatus',
    method: 'POST',
    paths: ['/user/beta/status'],
    params: {},
    run: async (context) => (await runs()).userBetaStatus(context),
  }),
  defineOperation({
    id: 'userUpdateVanity',
    method: 'POST',
    paths: ['/user/update/vanity'],
    params: {},
    run: async (context) => (await runs()).userUpdateVanity(context),
  }),
  defineOperation({
    id: 'userProviders',
    method: 'GET',
    paths: ['/user/providers'],
    params: {},
    run: async (context) => (await runs()).userProviders(context),
  }),
  defineOperation({
    id: 'authenticateFromOauthToken',
    method: 'POST',
    paths: ['/users/authenticate/from_token'],
    params: {},
    secret: true,
    run: async (context) => (await runs()).authenticateFromOauthToken(context),
  }),
  defineOperation({
    id: 'usersDisconnectUser',
    method: 'POST',
    paths: ['/users/:user/disconnect'],
    params: { user: 'user' },
    body: 'none',
    run: async (context) => (await runs()).usersDisconnectUser(context),
  }),
]

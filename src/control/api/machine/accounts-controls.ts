import type { Store } from '../../../store/create-store.js'
import type { ControlRoute } from '../control-route.js'

const runs = () => import('./accounts-control-runs.js')

/**
 * The control routes of the account parts: `GET /__mock/machine/accounts`
 * shows sign-in (challenge, tokens, the last logout), sessions and detected
 * applications, distributions, provider keys (redacted) and beta statuses;
 * `POST /__mock/machine/accounts/external-applications` sets the applications
 * the machine has installed (at most 100); `GET /__mock/machine/sign-in`
 * shows who is signed in and where the flows stand, and
 * `POST /__mock/machine/sign-in` with `{ "user"?: <id or null>, "flow"?: null }`
 * signs a user in or everyone out, or forgets the flow under way, without
 * walking it. The run bodies load on first call.
 *
 * @example
 * const routes = accountsControlRoutes(store)
 */
export function accountsControlRoutes(store: Store): readonly ControlRoute[] {
  return [
    { method: 'GET', path: '/__mock/machine/accounts', run: async () => (await runs()).accountsView(store) },
    {
      method: 'POST',
      path: '/__mock/machine/accounts/external-applications',
      run: async ({ body }) => (await runs()).setExternal(store, body),
    },
    { method: 'GET', path: '/__mock/machine/sign-in', run: async () => (await runs()).signInShown(store) },
    {
      method: 'POST',
      path: '/__mock/machine/sign-in',
      run: async ({ body }) => (await runs()).signInSet(store, body),
    },
  ]
}

import { defineOperation, type Operation } from '../define/define-operation.js'

const runs = () => import('./account-runs.js')

/**
 * A user's external provider API keys (ExternalProviderApi): kept redacted,
 * so the key never comes back in an answer, the journal, a snapshot or a
 * persisted file.
 *
 * @example
 * routeTable() // holds these
 */
export const externalProviderKeyOperations: readonly Operation[] = [
  defineOperation({
    id: 'externalProviderApiKeyCreate',
    method: 'POST',
    paths: ['/external_provider/api_key/create'],
    params: {},
    secret: true,
    run: async (context) => (await runs()).providerKeyCreate(context),
  }),
  defineOperation({
    id: 'externalProviderApiKeyUpdate',
    method: 'POST',
    paths: ['/external_provider/api_key/update'],
    params: {},
    secret: true,
    run: async (context) => (await runs()).providerKeyUpdate(context),
  }),
  defineOperation({
    id: 'externalProviderApiKeyDelete',
    method: 'POST',
    paths: ['/external_provider/api_key/delete'],
    params: {},
    run: async (context) => (await runs()).providerKeyDelete(context),
  }),
]

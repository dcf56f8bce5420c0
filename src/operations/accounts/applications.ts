import { defineOperation, type Operation } from '../define/define-operation.js'

const runs = () => import('./account-runs.js')

/**
 * Registering applications, their sessions, their capabilities and the
 * applications detected on the machine (ApplicationsApi).
 *
 * @example
 * routeTable() // holds these
 */
export const applicationAccountOperations: readonly Operation[] = [
  defineOperation({
    id: 'applicationsRegister',
    method: 'POST',
    paths: ['/applications/register'],
    params: {},
    run: async (context) => (await runs()).applicationsRegister(context),
  }),
  defineOperation({
    id: 'applicationsSessionOpen',
    method: 'POST',
    paths: ['/applications/session/open'],
    params: {},
    body: 'none',
    run: async (context) => (await runs()).applicationsSessionOpen(context),
  }),
  defineOperation({
    id: 'applicationsSessionClose',
    method: 'POST',
    paths: ['/applications/session/close'],
    params: {},
    run: async (context) => (await runs()).applicationsSessionClose(context),
  }),
  defineOperation({
    id: 'applicationsBulkUpdateApplicationCapabilities',
    method: 'POST',
    paths: ['/applications/update/capabilities'],
    params: {},
    run: async (context) => (await runs()).applicationsBulkUpdateCapabilities(context),
  }),
  defineOperation({
    id: 'applicationsExternalSnapshot',
    method: 'GET',
    paths: ['/applications/external'],
    params: {},
    run: async (context) => (await runs()).applicationsExternalSnapshot(context),
  }),
  defineOperation({
    id: 'applicationsExternalRelated',
    method: 'GET',
    paths: ['/applications/external/related'],
    params: {},
    run: async (context) => (await runs()).applicationsExternalRelated(context),
  }),
]

import { defineOperation, type Operation } from '../define/define-operation.js'

const runs = () => import('./account-runs.js')

/**
 * Distributions of shares (DistributionApi, DistributionsApi): by mail or as
 * a gist, recorded and shown, never sent.
 *
 * @example
 * routeTable() // holds these
 */
export const distributionOperations: readonly Operation[] = [
  defineOperation({
    id: 'distributionsSnapshot',
    method: 'GET',
    paths: ['/distributions'],
    params: {},
    run: async (context) => (await runs()).distributionsSnapshot(context),
  }),
  defineOperation({
    id: 'distributionsSpecificDistributionSnapshot',
    method: 'GET',
    paths: ['/distribution/:distribution'],
    // A distribution lives in the distributions machine part.
    params: { distribution: 'machinePart' },
    run: async (context) => (await runs()).distributionSnapshot(context),
  }),
  defineOperation({
    id: 'distributionsCreateNewDistribution',
    method: 'POST',
    paths: ['/distributions/create'],
    params: {},
    body: 'optional',
    run: async (context) => (await runs()).distributionsCreate(context),
  }),
  defineOperation({
    id: 'distributionUpdate',
    method: 'POST',
    paths: ['/distribution/update'],
    params: {},
    run: async (context) => (await runs()).distributionUpdate(context),
  }),
  defineOperation({
    id: 'distributionsDeleteSpecificDistribution',
    method: 'POST',
    paths: ['/distributions/:distribution/delete'],
    params: { distribution: 'machinePart' },
    body: 'none',
    run: async (context) => (await runs()).distributionsDelete(context),
  }),
]

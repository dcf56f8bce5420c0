import { defineOperation, type Operation } from '../define/define-operation.js'

const runs = () => import('./account-runs.js')

/**
 * Discovery (DiscoveryApi): code in files, fragments and web pages, secrets
 * in text, related tags; worked out from what is sent alone, so the same
 * request always discovers the same things. Nothing is saved.
 *
 * @example
 * routeTable() // holds these
 */
export const discoveryOperations: readonly Operation[] = [
  defineOperation({
    id: 'discoveryDiscoverAssets',
    method: 'POST',
    paths: ['/discovery/discover/assets'],
    params: {},
    run: async (context) => (await runs()).discoverAssets(context),
  }),
  defineOperation({
    id: 'discoveryDiscoverAssetsHtml',
    method: 'POST',
    paths: ['/discovery/discover/assets/html'],
    params: {},
    run: async (context) => (await runs()).discoverAssetsHtml(context),
  }),
  defineOperation({
    id: 'discoveryDiscoverSensitives',
    method: 'POST',
    paths: ['/discovery/discover/sensitives'],
    params: {},
    run: async (context) => (await runs()).discoverSensitives(context),
  }),
  defineOperation({
    id: 'discoveryDiscoverTagsRelated',
    method: 'POST',
    paths: ['/discovery/discover/tags/related'],
    params: {},
    run: async (context) => (await runs()).discoverTagsRelated(context),
  }),
]

import { defineOperation, type Operation } from '../define/define-operation.js'

/** The run bodies, loaded on the first call of one of these operations. */
const runs = () => import('./machine-runs.js')

/**
 * What other apps hand the service (MacOSApi, UltraSuiteApi, GithubApi,
 * OpenAIApi): a text saved from macOS, an UltraSuite format saved as an asset,
 * GitHub gists imported (none: the mock reaches no network) and the OpenAI
 * models the service knows.
 *
 * @example
 * routeTable() // holds these
 */
export const integrationsOperations: readonly Operation[] = [
  defineOperation({
    id: 'assetsCreateNewAssetFromMacos',
    method: 'POST',
    paths: ['/macos/assets/create'],
    params: {},
    run: async (context) => (await runs()).macosAsset(context),
  }),
  defineOperation({
    id: 'assetsCreateUltraSuiteAsset',
    method: 'POST',
    paths: ['/ultra_suite/assets/create'],
    params: {},
    run: async (context) => (await runs()).ultraSuiteAsset(context),
  }),
  defineOperation({
    id: 'importGithubGists',
    method: 'POST',
    paths: ['/github/gists/import'],
    params: {},
    body: 'optional',
    run: async (context) => (await runs()).githubGists(context),
  }),
  defineOperation({
    id: 'openAiModelsList',
    method: 'POST',
    paths: ['/open_ai/models/list'],
    params: {},
    run: async (context) => (await runs()).openAiModels(context),
  }),
]

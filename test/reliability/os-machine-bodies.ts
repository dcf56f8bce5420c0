import { AccessEnum, OSAppletEnum } from '@pieces.app/pieces-os-client'
import { field, values, type BodyRoute } from './bodies.js'

/*
 * The JSON bodies of the OS machine parts, the pattern engine, the
 * integrations and the connector's reports: a valid body per route and the
 * fields a hostile client can break (see bodies.ts). The OS routes that read a
 * bare string (a path, a URL) are checked in os-machine.contract.test.ts.
 */

const PROVIDERS = ['UNKNOWN', 'github', 'google-oauth2', 'gitlab']

export const OS_MACHINE_BODY_ROUTES: readonly BodyRoute[] = [
  {
    operation: 'osSettingsUpdate',
    model: 'OSServerSettings',
    fields: [field('autoboot', 'boolean', false)],
    referencedIds: [],
  },
  {
    operation: 'osNanoModelsPrepare',
    model: 'NanoModelsPreparationInput',
    fields: [field('tasks', 'object', false), field('tasks.conversation', 'boolean', false)],
    referencedIds: [],
  },
  {
    operation: 'osAppletTerminate',
    model: 'TerminatingOSServerApplet',
    fields: [field('type', values(OSAppletEnum), true)],
    referencedIds: [],
  },
  {
    operation: 'linkProvider',
    model: 'SeededExternalProvider',
    fields: [field('type', { enum: PROVIDERS }, true)],
    referencedIds: [],
  },
  {
    operation: 'sendLocalNotification',
    model: 'Notification',
    fields: [field('id', 'count', true), field('title', 'string', false)],
    referencedIds: [],
  },
  {
    operation: 'workstreamPatternEngineCreateIngestion',
    model: 'SeededWorkstreamIngestion',
    fields: [field('event', 'object', true)],
    referencedIds: [],
  },
  {
    operation: 'workstreamPatternEngineProcessorsVisionDataClear',
    model: 'WorkstreamPatternEngineDataCleanupRequest',
    fields: [field('ranges', 'array', false)],
    referencedIds: [],
  },
  {
    operation: 'workstreamPatternEngineProcessorsVisionEventsScopedDelete',
    model: 'WorkstreamPatternEngineVisionEventDeletions',
    fields: [field('identifiers', 'object', false)],
    referencedIds: [],
  },
  {
    operation: 'workstreamPatternEngineProcessorsVisionEventsSearch',
    model: 'SearchInput',
    fields: [field('engines', 'object', true)],
    referencedIds: [],
  },
  {
    operation: 'workstreamSuggestionsRefresh',
    model: 'SeededWorkstreamSuggestionsRefresh',
    fields: [field('application', 'object', true), field('query', 'string', false)],
    referencedIds: [],
  },
  {
    operation: 'assetsCreateNewAssetFromMacos',
    model: 'SeededMacOSAsset',
    fields: [field('value', 'string', true)],
    referencedIds: [],
  },
  {
    operation: 'assetsCreateUltraSuiteAsset',
    model: 'SeededUltraSuiteAsset',
    fields: [field('format', 'object', true), field('name', 'string', false)],
    referencedIds: [],
  },
  {
    operation: 'importGithubGists',
    model: 'SeededGithubGistsImport',
    fields: [field('application', 'string', true)],
    referencedIds: [],
  },
  {
    operation: 'openAiModelsList',
    model: 'OpenAIModelsListInput',
    fields: [field('user', 'string', true)],
    referencedIds: [],
  },
  {
    operation: 'react',
    model: 'Reaction',
    fields: [field('save', 'boolean', true), field('seed', 'object', true)],
    referencedIds: [],
  },
  { operation: 'track', model: 'SeededConnectorTracking', fields: [], referencedIds: [] },
  {
    operation: 'linkifyMultiple',
    model: 'LinkifyMultiple',
    fields: [field('assets', 'array', true), field('access', values(AccessEnum), true)],
    referencedIds: [],
  },
]

/**
 * A valid body for every route of {@link OS_MACHINE_BODY_ROUTES}.
 *
 * @example
 * const bodies = await validOsMachineBodies(baseUrl, ids)
 */
export async function validOsMachineBodies(
  baseUrl: string,
  ids: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/applications/${ids.application}`)
  const application = (await response.json()) as unknown
  const format = { fragment: { string: { raw: 'print("hi")' } } }
  return {
    osSettingsUpdate: { autoboot: false },
    osNanoModelsPrepare: { tasks: { conversation: true } },
    osAppletTerminate: { type: 'COPILOT' },
    linkProvider: { type: 'github' },
    sendLocalNotification: { id: 1, title: 'Saved' },
    workstreamPatternEngineCreateIngestion: { event: { application, trigger: { copy: true }, readable: 'x' } },
    workstreamPatternEngineProcessorsVisionDataClear: { ranges: [] },
    workstreamPatternEngineProcessorsVisionEventsScopedDelete: { identifiers: { iterable: [] } },
    workstreamPatternEngineProcessorsVisionEventsSearch: { engines: { iterable: [{ query: 'x' }] } },
    workstreamSuggestionsRefresh: { application, query: 'x' },
    assetsCreateNewAssetFromMacos: { value: 'print("hi")' },
    assetsCreateUltraSuiteAsset: { format, name: 'hi.py' },
    importGithubGists: { application: 'gists' },
    openAiModelsList: { user: 'ada' },
    react: { save: true, seed: { asset: { format } } },
    track: {},
    linkifyMultiple: { assets: [ids.asset], access: 'PUBLIC' },
    osFilesystemPathVerify: '/Users/pieces/project/README.md',
    osFilesystemFileOpen: '/Users/pieces/project/README.md',
    osBrowserUrlOpen: 'https://pieces.app',
  }
}

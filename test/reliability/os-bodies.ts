import { AccessEnum, OSAppletEnum } from '@pieces.app/pieces-os-client'
import { field, path, values, type BodyRoute } from './bodies.js'

/*
 * The JSON bodies of the OS, connector, linkify and draft routes: a valid
 * body per route and the fields a hostile client can break (see bodies.ts).
 */

const appletFields = [field('type', values(OSAppletEnum), true), field('port', 'count', false, true)]
const seededConnectorAssetFields = (prefix: string) => [
  field(`${prefix}format`, 'object', true),
  field(`${prefix}format.fragment`, 'object', false),
  field(`${prefix}format.fragment.string`, 'object', false),
  field(`${prefix}format.fragment.string.raw`, 'string', false),
]

export const OS_BODY_ROUTES: readonly BodyRoute[] = [
  { operation: 'osAppletLaunch', model: 'InactiveOSServerApplet', fields: appletFields, referencedIds: [] },
  { operation: 'osAppletRestart', model: 'InactiveOSServerApplet', fields: appletFields, referencedIds: [] },
  {
    operation: 'osPermissionsRequest',
    model: 'OSPermissions',
    fields: [
      field('processing', 'object', false),
      field('processing.vision', 'boolean', false),
      field('processing.accessibility', 'boolean', false),
    ],
    referencedIds: [],
  },
  { operation: 'osUpdateCheck', model: 'UncheckedOSServerUpdate', fields: [], referencedIds: [] },
  {
    operation: 'osFilesystemPickFiles',
    model: 'FilePickerInput',
    fields: [field('allowedExtensions', 'array', false), field('allowMultiple', 'boolean', false)],
    referencedIds: [],
  },
  {
    operation: 'linkify',
    model: 'Linkify',
    fields: [field('access', values(AccessEnum), true), field('asset', 'object', false), field('asset.id', 'id', true)],
    referencedIds: [path('asset.id')],
  },
  {
    operation: 'assetsDraft',
    model: 'Seed',
    fields: [
      field('type', { enum: ['SEEDED_ASSET'] }, true),
      field('asset', 'object', true),
      field('asset.application', 'object', true),
      field('asset.format', 'object', true),
    ],
    referencedIds: [],
  },
  { operation: 'intention', model: 'SeededConnectorAsset', fields: seededConnectorAssetFields(''), referencedIds: [] },
  {
    operation: 'suggest',
    model: 'SeededConnectorCreation',
    fields: [field('asset', 'object', false), ...seededConnectorAssetFields('asset.')],
    referencedIds: [],
  },
]

/**
 * A valid body for every route of {@link OS_BODY_ROUTES}.
 *
 * @example
 * const bodies = await validOsBodies(baseUrl, ids)
 */
export async function validOsBodies(
  baseUrl: string,
  ids: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/applications/${ids.application}`)
  const application = (await response.json()) as unknown
  const format = { fragment: { string: { raw: 'print("hi")' } } }
  return {
    osAppletLaunch: { type: 'COPILOT' },
    osAppletRestart: { type: 'SAVED_MATERIALS', port: null },
    osPermissionsRequest: { processing: { vision: true, accessibility: true } },
    osUpdateCheck: {},
    osFilesystemPickFiles: { allowedExtensions: ['ts'], allowMultiple: true },
    linkify: { access: 'PUBLIC', asset: { id: ids.asset } },
    assetsDraft: { type: 'SEEDED_ASSET', asset: { application, format } },
    intention: { format },
    suggest: { asset: { format } },
    onboarded: true,
  }
}

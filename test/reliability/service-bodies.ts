import {
  ApplicationNameEnum,
  CapabilitiesEnum,
  ExternalMLProviderEnum,
  ModelFoundationEnum,
  ModelTypeEnum,
  ModelUsageEnum,
  PlatformEnum,
  PrivacyEnum,
} from '@pieces.app/pieces-os-client'
import { field, path, values, type BodyRoute } from './bodies.js'

/*
 * The JSON bodies of the connection, user and model routes: a valid body per
 * route and the fields a hostile client can break (see bodies.ts for how
 * they are broken).
 */

const modelFields = [
  field('version', 'string', true),
  field('created', 'object', true),
  field('created.value', 'datetime', true),
  field('name', 'string', true),
  field('description', 'string', false),
  field('cloud', 'boolean', true),
  field('type', values(ModelTypeEnum), true),
  field('usage', values(ModelUsageEnum), true),
  field('foundation', values(ModelFoundationEnum), false),
  field('provider', values(ExternalMLProviderEnum), false),
  field('unique', 'string', false),
  field('downloaded', 'boolean', false),
  field('cpu', 'boolean', false),
  field('bytes', 'object', false),
  field('bytes.value', 'count', true),
  field('maxTokens', 'object', false),
  field('maxTokens.total', 'count', true),
  field('maxTokens.output', 'count', false, true),
  field('capabilities', 'object', false),
  field('capabilities.images', 'boolean', false),
]

export const SERVICE_BODY_ROUTES: readonly BodyRoute[] = [
  {
    operation: 'connect',
    model: 'SeededConnectorConnection',
    fields: [
      field('application', 'object', true),
      field('application.name', values(ApplicationNameEnum), true),
      field('application.version', 'string', true),
      field('application.platform', values(PlatformEnum), true),
      field('application.privacy', values(PrivacyEnum), false),
      field('application.capabilities', values(CapabilitiesEnum), false),
      field('application.automaticUnload', 'boolean', false),
    ],
    referencedIds: [],
  },
  {
    operation: 'applicationUpdate',
    model: 'Application',
    fields: [
      field('id', 'id', true),
      field('name', values(ApplicationNameEnum), true),
      field('version', 'string', true),
      field('platform', values(PlatformEnum), true),
      field('onboarded', 'boolean', true),
      field('privacy', values(PrivacyEnum), true),
      field('capabilities', values(CapabilitiesEnum), false),
    ],
    referencedIds: [path('id')],
  },
  {
    operation: 'updateUser',
    model: 'UserProfile',
    fields: [
      field('id', 'id', true),
      field('aesthetics', 'object', true),
      field('aesthetics.theme', 'object', true),
      field('aesthetics.theme.dark', 'boolean', true),
      field('aesthetics.font', 'object', true),
      field('aesthetics.font.size', 'count', true),
      field('name', 'string', false),
      field('email', 'string', false),
    ],
    referencedIds: [path('id')],
  },
  { operation: 'modelsCreateNewModel', model: 'SeededModel', fields: modelFields, referencedIds: [] },
  ...(
    ['workstreamPatternEngineProcessorsVisionActivate', 'workstreamPatternEngineProcessorsVisionDeactivate'] as const
  ).map((operation): BodyRoute => ({
    operation,
    model: 'WorkstreamPatternEngineStatus',
    fields: [
      field('vision', 'object', false),
      field('vision.activation', 'object', false),
      field('vision.activation.continuous', 'boolean', false),
      field('vision.deactivation', 'object', false),
      field('vision.deactivation.to', 'object', false),
      field('vision.deactivation.to.value', 'datetime', true),
    ],
    referencedIds: [],
  })),
  {
    operation: 'allocationsConnectNewCloud',
    model: 'UserProfile',
    fields: [field('id', 'id', true)],
    referencedIds: [path('id')],
  },
  {
    operation: 'allocationsDisconnectCloud',
    model: 'AllocationCloud',
    fields: [field('id', 'id', true)],
    referencedIds: [path('id')],
  },
  {
    operation: 'modelUpdate',
    model: 'Model',
    fields: [field('id', 'id', true), ...modelFields],
    referencedIds: [path('id')],
  },
]

/** A valid body for every route of {@link SERVICE_BODY_ROUTES}; the updates start from the record as the runtime serves it. */
export async function validServiceBodies(
  baseUrl: string,
  ids: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const read = async (url: string) => {
    const response = await fetch(`${baseUrl}${url}`)
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as unknown
  }
  return {
    connect: {
      application: {
        name: 'OBSIDIAN',
        version: '1.7.3',
        platform: 'LINUX',
        privacy: 'OPEN',
        capabilities: 'LOCAL',
        automaticUnload: false,
      },
    },
    applicationUpdate: { ...((await read(`/applications/${ids.application}`)) as object), capabilities: 'CLOUD' },
    updateUser: {
      ...((await read(`/users/${ids.user}`)) as object),
      name: 'Reliable User',
      email: 'reliable@example.com',
    },
    workstreamPatternEngineProcessorsVisionActivate: {
      vision: { activation: { continuous: true }, deactivation: { to: { value: '2030-01-01T00:00:00.000Z' } } },
    },
    workstreamPatternEngineProcessorsVisionDeactivate: {
      vision: { activation: { continuous: true }, deactivation: { to: { value: '2030-01-01T00:00:00.000Z' } } },
    },
    allocationsConnectNewCloud: await read(`/users/${ids.user}`),
    allocationsDisconnectCloud: ((await read(`/users/${ids.user}`)) as { allocation: object }).allocation,
    modelsCreateNewModel: {
      version: '1.0.0',
      created: { value: '2024-06-01T00:00:00.000Z' },
      name: 'Reliable Model',
      description: 'A custom model',
      cloud: false,
      type: 'SPEED',
      usage: 'CODE_CONVERSATION',
      foundation: 'LLAMA_3_8B',
      provider: 'META',
      unique: 'reliable-model',
      downloaded: false,
      cpu: true,
      bytes: { value: 1000, readable: '1000 B' },
      maxTokens: { total: 4096, output: 1024 },
      capabilities: { images: false },
    },
    modelUpdate: {
      ...((await read(`/model/${ids.model}`)) as object),
      description: 'Renamed',
      foundation: 'AZURE_CUSTOM',
      provider: 'MICROSOFT',
      unique: 'reliable-update',
      downloaded: false,
      cpu: false,
      bytes: { value: 10, readable: '10 B' },
      maxTokens: { total: 1000, output: null },
      capabilities: { images: true },
    },
  }
}

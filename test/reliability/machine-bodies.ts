import { field, type BodyRoute } from './bodies.js'
import { PERSISTED_FORMAT } from '../../src/persistence/persisted-format.js'

/*
 * The JSON bodies of the database and text routes: a
 * valid body per route and the fields a hostile client can break (see
 * bodies.ts). The installers and backups act on their path alone.
 */

export const MACHINE_BODY_ROUTES: readonly BodyRoute[] = [
  {
    operation: 'databaseImport',
    model: 'ExportedDatabase',
    fields: [
      field('version', 'string', true),
      field('values', 'object', true),
      field('values.iterable', 'array', true),
    ],
    referencedIds: [],
  },
  {
    operation: 'personificationTechnicalLanguageGeneration',
    model: 'PreonboardedPersonaDetails',
    fields: [field('languages', 'array', false), field('personas', 'array', false)],
    referencedIds: [],
  },
  {
    operation: 'segmentTechnicalLanguage',
    model: 'UnsegmentedTechnicalLanguage',
    fields: [field('value', 'string', true)],
    referencedIds: [],
  },
  { operation: 'convertGenericClassification', model: 'SeededFormat', fields: [], referencedIds: [] },
  {
    operation: 'reprompt',
    model: 'QGPTRepromptInput',
    fields: [field('query', 'string', true), field('conversation', 'object', true)],
    referencedIds: [],
  },
  {
    operation: 'tagBasedSearch',
    model: 'SeededAssetTags',
    fields: [field('iterable', 'array', true)],
    referencedIds: [],
  },
]

/**
 * A valid body for every route of {@link MACHINE_BODY_ROUTES}.
 *
 * @example
 * const bodies = await validMachineBodies(baseUrl)
 */
export async function validMachineBodies(baseUrl: string): Promise<Record<string, unknown>> {
  const exported = (await fetch(`${baseUrl}/database/export`).then((response) => response.json())) as {
    values: { iterable: { id: string }[] }
  }
  return {
    databaseImport: exported.values.iterable.some((value) => value.id === PERSISTED_FORMAT) ? exported : undefined,
    personificationTechnicalLanguageGeneration: { languages: ['py'], personas: ['developer'] },
    segmentTechnicalLanguage: { value: 'Sort:\n```py\nprint(1)\n```' },
    convertGenericClassification: { fragment: { string: { raw: 'print(1)' } } },
    reprompt: { query: 'And in Rust?', conversation: { iterable: [] } },
    tagBasedSearch: { iterable: [{ text: 'react' }] },
  }
}

import fc from 'fast-check'
import {
  AnchorTypeEnum,
  AnnotationTypeEnum,
  ApplicationNameEnum,
  ClassificationGenericEnum,
  ClassificationSpecificEnum,
  ConversationTypeEnum,
  MechanismEnum,
  PlatformEnum,
  PrivacyEnum,
  QGPTConversationMessageRoleEnum,
} from '@pieces.app/pieces-os-client'
import { hostileBodyId } from './support.js'

/*
 * The JSON bodies of the write routes: a valid body per route and the fields
 * a hostile client can break, with the type each field must have. The
 * mutation arbitrary below turns a valid body into one that is wrongly typed,
 * incomplete, out of range or names an unknown record.
 */

type Path = ReadonlyArray<string | number>

export type FieldType =
  | 'string'
  | 'id'
  | 'datetime'
  | 'boolean'
  | 'count'
  | 'object'
  | 'record'
  | 'array'
  | { readonly enum: readonly string[] }

interface FieldSpec {
  readonly path: Path
  readonly type: FieldType
  readonly required: boolean
  /** The schema takes `null` here (`.nullish()`). */
  readonly nullable?: boolean
}

export interface BodyRoute {
  /** The operation id in the route table. */
  readonly operation: string
  /** The model name the error message names: `Invalid <model> body: …`. */
  readonly model: string
  readonly fields: readonly FieldSpec[]
  /** Fields holding the id of a record that must exist. */
  readonly referencedIds: readonly Path[]
}

export const values = (enumeration: Record<string, string>) => ({ enum: Object.values(enumeration) })

export const field = (path: string, type: FieldType, required: boolean, nullable = false): FieldSpec => ({
  path: path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)),
  type,
  required,
  nullable,
})

export const path = (dotted: string): Path => field(dotted, 'string', true).path

export const applicationFields = (prefix: string, required: boolean): FieldSpec[] => [
  field(prefix, 'object', required),
  field(`${prefix}.id`, 'id', true),
  field(`${prefix}.name`, values(ApplicationNameEnum), true),
  field(`${prefix}.version`, 'string', true),
  field(`${prefix}.platform`, values(PlatformEnum), true),
  field(`${prefix}.onboarded`, 'boolean', true),
  field(`${prefix}.privacy`, values(PrivacyEnum), true),
]

export const scoreFields = (prefix: string): FieldSpec[] => [
  field(prefix, 'object', false),
  field(`${prefix}.manual`, 'count', true),
  field(`${prefix}.automatic`, 'count', true),
]

export const seededScoreFields = (key: string): FieldSpec[] => [
  field(key, 'object', false),
  ...['reuse', 'update', 'reference', 'priority', 'searched'].map((counter) =>
    field(`${key}.${counter}`, 'boolean', false),
  ),
]

export const BODY_ROUTES: readonly BodyRoute[] = [
  {
    operation: 'conversationsCreateSpecificConversation',
    model: 'SeededConversation',
    fields: [
      field('type', values(ConversationTypeEnum), true),
      field('name', 'string', false, true),
      field('favorited', 'boolean', false, true),
      ...applicationFields('application', false),
      field('annotations', 'array', false),
      field('annotations.0.type', values(AnnotationTypeEnum), true),
      field('annotations.0.text', 'string', true),
      field('messages', 'array', false),
      field('messages.0.role', values(QGPTConversationMessageRoleEnum), true),
      field('messages.0.fragment', 'object', true),
      field('messages.0.fragment.string.raw', 'string', false),
      field('messages.0.fragment.metadata.ext', values(ClassificationSpecificEnum), false),
      field('messages.0.created', 'object', false),
      field('messages.0.created.value', 'datetime', true),
      field('anchors', 'array', false),
      field('anchors.0.type', values(AnchorTypeEnum), true),
      field('anchors.0.fullpath', 'string', true),
      field('assets', 'object', false),
      field('assets.iterable', 'array', true),
      field('assets.iterable.0.id', 'id', true),
      field('websites.iterable', 'array', true),
      field('pipeline', 'record', false),
      field('demo', 'boolean', false),
    ],
    referencedIds: [path('assets.iterable.0.id'), path('websites.iterable.0.id')],
  },
  {
    operation: 'conversationUpdate',
    model: 'Conversation',
    fields: [
      field('id', 'id', true),
      field('created', 'object', true),
      field('created.value', 'datetime', true),
      field('updated.value', 'datetime', true),
      field('type', values(ConversationTypeEnum), true),
      field('messages', 'object', true),
      field('messages.iterable', 'array', true),
      field('messages.iterable.0.id', 'id', true),
      field('name', 'string', false, true),
      field('favorited', 'boolean', false, true),
      ...scoreFields('score'),
    ],
    referencedIds: [path('id')],
  },
  {
    operation: 'conversationSummarize',
    model: 'ConversationSummarizeInput',
    fields: [
      field('messages', 'object', false),
      field('messages.iterable', 'array', true),
      field('messages.iterable.0.id', 'id', true),
    ],
    referencedIds: [path('messages.iterable.0.id')],
  },
  {
    operation: 'conversationScoresIncrement',
    model: 'SeededScoreIncrement',
    fields: [...seededScoreFields('conversation'), ...seededScoreFields('conversations')],
    referencedIds: [],
  },
  {
    operation: 'assetsCreateNewAsset',
    model: 'Seed',
    fields: [
      field('type', { enum: ['SEEDED_ASSET'] }, true),
      field('asset', 'object', true),
      ...applicationFields('asset.application', true),
      field('asset.format', 'object', true),
      // The format's only text: the refinement requires it.
      field('asset.format.fragment.string.raw', 'string', true),
      field('asset.format.classification.generic', values(ClassificationGenericEnum), false),
      field('asset.format.classification.specific', values(ClassificationSpecificEnum), false),
      field('asset.metadata', 'object', false),
      field('asset.metadata.name', 'string', false),
      field('asset.metadata.mechanism', values(MechanismEnum), false),
    ],
    referencedIds: [],
  },
  {
    operation: 'asset_reclassify',
    model: 'AssetReclassification',
    fields: [
      field('ext', values(ClassificationSpecificEnum), true),
      field('asset', 'object', true),
      field('asset.id', 'id', true),
    ],
    referencedIds: [path('asset.id')],
  },
  {
    operation: 'asset_update',
    model: 'Asset',
    fields: [
      field('id', 'id', true),
      field('creator', 'string', true),
      field('created.value', 'datetime', true),
      field('updated', 'object', true),
      field('mechanism', values(MechanismEnum), true),
      field('formats', 'object', true),
      field('formats.iterable', 'array', true),
      field('formats.iterable.0.id', 'id', true),
      field('preview.base', 'object', true),
      field('preview.base.id', 'id', true),
      field('original', 'object', true),
      field('original.id', 'id', true),
      field('name', 'string', false, true),
      field('favorited', 'boolean', false, true),
      ...scoreFields('score'),
    ],
    referencedIds: [path('id')],
  },
  {
    operation: 'asset_snapshot_post',
    model: 'SeededAccessor',
    fields: [
      field('os', 'string', true),
      field('share', 'string', true),
      field('user', 'object', false),
      field('user.id', 'string', true),
    ],
    referencedIds: [],
  },
  {
    operation: 'asset_scores_increment',
    model: 'SeededScoreIncrement',
    fields: [...seededScoreFields('asset'), ...seededScoreFields('assets')],
    referencedIds: [],
  },
]

export const APPLICATION = {
  id: 'reliability-app',
  name: 'OPEN_SOURCE',
  version: '1.0.0',
  platform: 'LINUX',
  onboarded: false,
  privacy: 'OPEN',
}

/**
 * A valid body for every route of {@link BODY_ROUTES}; the two updates start
 * from the record as the runtime serves it.
 */
export async function validBodies(
  baseUrl: string,
  ids: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const read = async (url: string) => {
    const response = await fetch(`${baseUrl}${url}`)
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as unknown
  }
  return {
    conversationsCreateSpecificConversation: {
      type: 'COPILOT',
      name: 'Reliability',
      favorited: false,
      application: APPLICATION,
      annotations: [{ type: 'DESCRIPTION', text: 'About this conversation' }],
      messages: [
        {
          role: 'USER',
          fragment: { string: { raw: 'How do I debounce?' }, metadata: { ext: 'ts' } },
          created: { value: '2024-07-01T09:00:00.000Z' },
        },
      ],
      anchors: [{ type: 'FILE', fullpath: '/tmp/reliability.ts' }],
      assets: { iterable: [{ id: ids.asset }] },
      websites: { iterable: [{ id: ids.website }] },
      pipeline: {},
      demo: false,
    },
    conversationUpdate: await read(`/conversation/${ids.conversation}?transferables=false`),
    conversationSummarize: { messages: { iterable: [{ id: ids.message }] } },
    conversationScoresIncrement: {
      conversation: { reuse: true, update: true, reference: true, priority: true, searched: true },
      conversations: { reuse: true, update: true, reference: true, priority: true, searched: true },
    },
    assetsCreateNewAsset: {
      type: 'SEEDED_ASSET',
      asset: {
        application: APPLICATION,
        format: {
          fragment: { string: { raw: 'print("reliable")' } },
          classification: { generic: 'CODE', specific: 'py' },
        },
        metadata: { name: 'reliable.py', mechanism: 'MANUAL' },
      },
    },
    asset_reclassify: { ext: 'py', asset: { id: ids.asset } },
    asset_update: await read(`/asset/${ids.asset}?transferables=false`),
    asset_snapshot_post: { os: 'LINUX', share: 'reliability', user: { id: 'tester' } },
    asset_scores_increment: {
      asset: { reuse: true, update: true, reference: true, priority: true, searched: true },
      assets: { reuse: true, update: true, reference: true, priority: true, searched: true },
    },
  }
}

/** A body turned hostile, as the text to send, and the message the answer must carry. */
export interface Mutation {
  readonly description: string
  readonly text: string
  readonly message: RegExp
}

const HUGE = '__RELIABILITY_RAW_NUMBER__'

/** Numbers that no count takes: too large for a double, unsafe, negative, fractional. */
const outOfRangeNumber = fc.constantFrom(
  '1e999',
  '-1e999',
  '1e308',
  '9007199254740993',
  '123456789012345678901234567890',
  '-1',
  '0.5',
  '-7.25e3',
)

const anyString = fc.string({ unit: 'binary', maxLength: 20 })
const jsonOfType = {
  string: anyString,
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  array: fc.array(fc.oneof(fc.integer(), anyString), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 3 }),
  null: fc.constant(null),
} as const

type JsonKind = keyof typeof jsonOfType

function acceptedKinds(spec: FieldSpec): JsonKind[] {
  const type = spec.type
  const kinds: JsonKind[] = []
  if (typeof type === 'object' || type === 'string' || type === 'id' || type === 'datetime') kinds.push('string')
  if (type === 'boolean') kinds.push('boolean')
  if (type === 'count') kinds.push('number')
  if (type === 'object' || type === 'record') kinds.push('object')
  if (type === 'array') kinds.push('array')
  if (spec.nullable) kinds.push('null')
  return kinds
}

/** Values of the wrong JSON type for a field, plus wrong values of the right type (empty ids, non-dates). */
function wrongValue(spec: FieldSpec): fc.Arbitrary<unknown> {
  const accepted = acceptedKinds(spec)
  const wrong: Array<fc.Arbitrary<unknown>> = (Object.keys(jsonOfType) as JsonKind[])
    .filter((kind) => !accepted.includes(kind))
    .map((kind) => jsonOfType[kind])
  if (spec.type === 'id') wrong.push(fc.constant(''))
  if (spec.type === 'datetime') wrong.push(anyString.filter((text) => !/^\d{4}-\d{2}-\d{2}T/.test(text)))
  return fc.oneof(...wrong)
}

function getAt(body: unknown, at: Path): unknown {
  let node = body
  for (const key of at) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string | number, unknown>)[key]
  }
  return node
}

function withValue(body: unknown, at: Path, value: unknown): unknown {
  const copy = structuredClone(body)
  const parent = getAt(copy, at.slice(0, -1)) as Record<string | number, unknown>
  parent[at.at(-1)!] = value
  return copy
}

function without(body: unknown, at: Path): unknown {
  const copy = structuredClone(body)
  const parent = getAt(copy, at.slice(0, -1)) as Record<string | number, unknown>
  delete parent[at.at(-1)!]
  return copy
}

const serialize = (body: unknown, raw?: string) =>
  raw === undefined ? JSON.stringify(body) : JSON.stringify(body).replace(`"${HUGE}"`, raw)

/**
 * Every way {@link BodyRoute} fields can be broken, starting from a valid body:
 * a wrong type, a missing required field, an unknown enum value, a number out
 * of range, a body that is not an object at all, or an id no record has.
 */
export function mutationOf(route: BodyRoute, valid: unknown): fc.Arbitrary<Mutation> {
  const invalid = new RegExp(`^Invalid ${route.model} body: `)
  // Only fields the valid body has (or whose parent it has) can be broken.
  const present = route.fields.filter((spec) => getAt(valid, spec.path.slice(0, -1)) !== undefined)
  const label = (spec: FieldSpec) => spec.path.join('.')
  const choices: Array<fc.Arbitrary<Mutation>> = [
    fc
      .oneof(jsonOfType.array, jsonOfType.number, jsonOfType.string, jsonOfType.boolean, jsonOfType.null)
      .map((value) => ({
        description: `the whole body is ${JSON.stringify(value)}`,
        text: JSON.stringify(value),
        message: invalid,
      })),
  ]
  if (present.length > 0) {
    choices.push(
      fc.constantFrom(...present).chain((spec) =>
        wrongValue(spec).map((value) => ({
          description: `${label(spec)} is ${JSON.stringify(value)}`,
          text: serialize(withValue(valid, spec.path, value)),
          message: invalid,
        })),
      ),
      fc.constantFrom(...present).chain((spec) =>
        outOfRangeNumber.map((raw) => ({
          description: `${label(spec)} is the number ${raw}`,
          text: serialize(withValue(valid, spec.path, HUGE), raw),
          message: invalid,
        })),
      ),
    )
  }
  const required = present.filter((spec) => spec.required && getAt(valid, spec.path) !== undefined)
  if (required.length > 0) {
    choices.push(
      fc.constantFrom(...required).map((spec) => ({
        description: `${label(spec)} is missing`,
        text: serialize(without(valid, spec.path)),
        message: invalid,
      })),
    )
  }
  const enums = present.filter((spec) => typeof spec.type === 'object')
  if (enums.length > 0) {
    choices.push(
      fc.constantFrom(...enums).chain((spec) =>
        fc
          .oneof(anyString, fc.constantFrom('unknown', 'copilot', 'NOPE', 'Python', ' COPILOT', '💥'))
          .filter((value) => !(spec.type as { enum: readonly string[] }).enum.includes(value))
          .map((value) => ({
            description: `${label(spec)} is the unknown value ${JSON.stringify(value)}`,
            text: serialize(withValue(valid, spec.path, value)),
            message: invalid,
          })),
      ),
    )
  }
  if (route.referencedIds.length > 0) {
    choices.push(
      fc.constantFrom(...route.referencedIds).chain((at) =>
        hostileBodyId.map((id) => ({
          description: `${at.join('.')} names the unknown id ${JSON.stringify(id.slice(0, 40))}`,
          text: serialize(withValue(valid, at, id)),
          message: /^No [a-z ]+ with id "/,
        })),
      ),
    )
  }
  return fc.oneof(...choices)
}

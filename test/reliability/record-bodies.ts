import {
  AnchorTypeEnum,
  AnnotationTypeEnum,
  ClassificationSpecificEnum,
  MechanismEnum,
  TagCategoryEnum,
} from '@pieces.app/pieces-os-client'
import { APPLICATION, applicationFields, field, path, scoreFields, seededScoreFields, values, type BodyRoute } from './bodies.js'

/*
 * The JSON bodies of the write routes of the records conversations and assets
 * link to, and of the searches: a valid body per route and the fields a
 * hostile client can break (see bodies.ts for how they are broken).
 */

const searchFields = [
  field('engines', 'object', true),
  field('engines.iterable', 'array', true),
  field('engines.iterable.0.query', 'string', true),
  field('engines.iterable.0.full_text', 'object', false),
  field('engines.iterable.0.full_text.exact', 'boolean', false),
  field('engines.type', { enum: ['UNKNOWN', 'AND', 'OR'] }, false),
]

const timestamps = [field('created', 'object', true), field('created.value', 'datetime', true), field('updated.value', 'datetime', true)]

const references = (key: string, required = false) => [
  field(key, 'object', required),
  field(`${key}.iterable`, 'array', true),
  field(`${key}.iterable.0.id`, 'id', true),
]

const search = (operation: string): BodyRoute => ({ operation, model: 'SearchInput', fields: searchFields, referencedIds: [] })
const scores = (operation: string, one: string, many: string): BodyRoute => ({
  operation,
  model: 'SeededScoreIncrement',
  fields: [...seededScoreFields(one), ...seededScoreFields(many)],
  referencedIds: [],
})

export const RECORD_BODY_ROUTES: readonly BodyRoute[] = [
  {
    operation: 'tagsCreateNewTag',
    model: 'SeededTag',
    fields: [
      field('text', 'string', true),
      field('asset', 'id', false),
      field('mechanism', values(MechanismEnum), false),
      field('category', values(TagCategoryEnum), false),
    ],
    referencedIds: [path('asset')],
  },
  {
    operation: 'tagUpdate',
    model: 'Tag',
    fields: [field('id', 'id', true), field('text', 'string', true), ...timestamps, field('category', values(TagCategoryEnum), true), ...scoreFields('score')],
    referencedIds: [path('id')],
  },
  scores('tagScoresIncrement', 'tag', 'tags'),
  search('searchTags'),
  { operation: 'tagsExists', model: 'ExistentMetadata', fields: [field('value', 'string', true)], referencedIds: [] },
  {
    operation: 'websitesCreateNewWebsite',
    model: 'SeededWebsite',
    fields: [
      field('url', 'string', true),
      field('name', 'string', true),
      field('asset', 'id', false),
      field('conversation', 'id', false),
      field('mechanism', values(MechanismEnum), false),
    ],
    referencedIds: [path('asset'), path('conversation')],
  },
  {
    operation: 'websiteUpdate',
    model: 'Website',
    fields: [field('id', 'id', true), field('url', 'string', true), field('name', 'string', true), ...timestamps, ...scoreFields('score')],
    referencedIds: [path('id')],
  },
  scores('websiteScoresIncrement', 'website', 'websites'),
  search('searchWebsites'),
  { operation: 'websitesExists', model: 'ExistentMetadata', fields: [field('value', 'string', true)], referencedIds: [] },
  {
    operation: 'anchorsCreateNewAnchor',
    model: 'SeededAnchor',
    fields: [
      field('type', values(AnchorTypeEnum), true),
      field('fullpath', 'string', true),
      field('name', 'string', false),
      field('watch', 'boolean', false),
      field('asset', 'id', false),
      field('conversation', 'id', false),
      field('annotations', 'array', false),
      field('annotations.0.type', values(AnnotationTypeEnum), true),
      field('annotations.0.text', 'string', true),
    ],
    referencedIds: [path('asset'), path('conversation')],
  },
  {
    operation: 'anchorUpdate',
    model: 'Anchor',
    fields: [
      field('id', 'id', true),
      field('type', values(AnchorTypeEnum), true),
      field('points', 'object', true),
      field('points.iterable', 'array', true),
      ...timestamps,
      field('name', 'string', false, true),
      field('watch', 'boolean', false, true),
      ...scoreFields('score'),
    ],
    referencedIds: [path('id')],
  },
  scores('anchorScoresIncrement', 'anchor', 'anchors'),
  search('searchAnchors'),
  {
    operation: 'rangesCreateNewRange',
    model: 'SeededRange',
    fields: [
      field('from', 'object', false),
      field('from.value', 'datetime', true),
      field('to.value', 'datetime', true),
      field('between', 'boolean', false),
      field('summary', 'object', false),
      field('summary.id', 'id', true),
      field('conversation', 'object', false),
      field('conversation.reference', 'object', true),
      field('conversation.reference.id', 'id', true),
    ],
    referencedIds: [path('summary.id'), path('conversation.reference.id')],
  },
  {
    operation: 'rangeUpdate',
    model: 'Range',
    fields: [
      field('id', 'id', true),
      ...timestamps,
      field('from', 'object', false, true),
      field('from.value', 'datetime', true),
      field('to.value', 'datetime', true),
      field('between', 'boolean', false, true),
      ...scoreFields('score'),
    ],
    referencedIds: [path('id')],
  },
  scores('rangeScoresIncrement', 'range', 'ranges'),
  {
    operation: 'workstreamSummariesCreateNewWorkstreamSummary',
    model: 'SeededWorkstreamSummary',
    fields: [
      field('name', 'string', true),
      field('model', 'object', true),
      field('model.id', 'id', true),
      field('favorited', 'boolean', false),
      field('annotations', 'array', false),
      field('annotations.0.type', values(AnnotationTypeEnum), true),
      field('annotations.0.text', 'string', true),
      ...['assets', 'conversations', 'ranges', 'websites', 'anchors', 'tags'].flatMap((key) => references(key)),
    ],
    referencedIds: ['assets', 'conversations', 'ranges', 'websites', 'anchors', 'tags'].map((key) => path(`${key}.iterable.0.id`)),
  },
  {
    operation: 'workstreamSummaryUpdate',
    model: 'WorkstreamSummary',
    fields: [
      field('id', 'id', true),
      ...timestamps,
      field('name', 'string', true),
      field('model', 'object', true),
      field('model.id', 'id', true),
      field('favorited', 'boolean', false, true),
      ...scoreFields('score'),
    ],
    referencedIds: [path('id')],
  },
  scores('workstreamSummaryScoresIncrement', 'workstream_summary', 'workstream_summaries'),
  search('searchWorkstreamSummaries'),
  {
    operation: 'annotationsCreateNewAnnotation',
    model: 'SeededAnnotation',
    fields: [
      field('type', values(AnnotationTypeEnum), true),
      field('text', 'string', true),
      field('mechanism', values(MechanismEnum), false),
      field('favorited', 'boolean', false),
      field('asset', 'id', false),
      field('conversation', 'id', false),
      field('anchor', 'id', false),
      field('workstream_summary', 'id', false),
      ...['messages', 'anchors', 'tags', 'websites', 'summaries'].flatMap((key) => references(key)),
    ],
    referencedIds: [
      path('asset'),
      path('conversation'),
      path('anchor'),
      path('workstream_summary'),
      ...['messages', 'anchors', 'tags', 'websites', 'summaries'].map((key) => path(`${key}.iterable.0.id`)),
    ],
  },
  {
    operation: 'annotationUpdate',
    model: 'Annotation',
    fields: [
      field('id', 'id', true),
      ...timestamps,
      field('type', values(AnnotationTypeEnum), true),
      field('text', 'string', true),
      field('favorited', 'boolean', false, true),
      ...scoreFields('score'),
    ],
    referencedIds: [path('id')],
  },
  scores('annotationScoresIncrement', 'annotation', 'annotations'),
  search('searchAnnotations'),
  {
    operation: 'activitiesCreateNewActivity',
    model: 'SeededActivity',
    fields: [
      field('event', 'record', true),
      ...applicationFields('application', true),
      field('asset', 'object', false),
      field('asset.id', 'id', true),
      field('format', 'object', false),
      field('format.id', 'id', true),
      field('mechanism', values(MechanismEnum), false),
    ],
    referencedIds: [path('asset.id'), path('format.id')],
  },
  {
    operation: 'activityUpdate',
    model: 'Activity',
    fields: [
      field('id', 'id', true),
      ...timestamps,
      field('event', 'record', true),
      ...applicationFields('application', true),
      field('mechanism', values(MechanismEnum), true),
      field('rank', 'count', false, true),
    ],
    referencedIds: [path('id')],
  },
  {
    operation: 'formatUpdateValue',
    model: 'Format',
    fields: [
      field('id', 'id', true),
      field('creator', 'string', true),
      field('classification', 'object', true),
      field('classification.specific', values(ClassificationSpecificEnum), true),
      field('role', 'string', true),
      ...applicationFields('application', true),
      field('asset', 'object', true),
      field('asset.id', 'id', true),
      field('bytes', 'object', true),
      ...timestamps,
      field('fragment', 'object', false),
      field('fragment.string.raw', 'string', true),
    ],
    referencedIds: [path('id')],
  },
  {
    operation: 'formatReclassify',
    model: 'FormatReclassification',
    fields: [field('ext', values(ClassificationSpecificEnum), true), field('format', 'object', true), field('format.id', 'id', true)],
    referencedIds: [path('format.id')],
  },
  {
    operation: 'assetsSearchWithFilters',
    model: 'AssetsSearchWithFiltersInput',
    fields: [
      field('query', 'string', false),
      field('casing', 'boolean', false),
      field('space', 'object', false),
      field('space.identifers', 'object', true),
      ...references('space.identifers', true).slice(1),
      field('filters', 'object', false),
      field('filters.iterable', 'array', true),
      field('filters.type', { enum: ['UNKNOWN', 'AND', 'OR'] }, false),
      field('filters.iterable.0.classification', values(ClassificationSpecificEnum), false),
      field('filters.iterable.0.tags', 'array', false),
      field('filters.iterable.0.phrase', 'object', false),
      field('filters.iterable.0.phrase.value', 'string', false),
      field('filters.iterable.0.phrase.title', 'boolean', false),
      field('filters.iterable.0.created.from', 'object', false),
      field('filters.iterable.0.created.from.value', 'datetime', true),
      field('filters.iterable.0.operations', 'object', false),
      field('filters.iterable.0.operations.iterable', 'array', true),
    ],
    referencedIds: [],
  },
  search('searchConversations'),
  search('searchMessages'),
  search('searchConversationSpecificMessages'),
  scores('messageScoresIncrement', 'conversationMessage', 'conversationMessages'),
]

const SEARCH = { engines: { iterable: [{ query: 'a', full_text: { exact: false } }], type: 'OR' } }
const SCORE = { reuse: true, update: true, reference: true, priority: true, searched: true }
const refs = (id: string | undefined) => ({ iterable: [{ id }] })

/** A valid body for every route of {@link RECORD_BODY_ROUTES}; the updates start from the record as the runtime serves it. */
export async function validRecordBodies(baseUrl: string, ids: Readonly<Record<string, string>>): Promise<Record<string, unknown>> {
  const read = async (url: string) => {
    const response = await fetch(`${baseUrl}${url}`)
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as unknown
  }
  return {
    tagsCreateNewTag: { text: 'reliable-tag', asset: ids.asset, mechanism: 'MANUAL', category: 'UNKNOWN' },
    tagUpdate: await read(`/tag/${ids.tag}`),
    tagScoresIncrement: { tag: SCORE, tags: SCORE },
    searchTags: SEARCH,
    tagsExists: { value: 'react' },
    websitesCreateNewWebsite: { url: 'https://example.com/reliable', name: 'Reliable', asset: ids.asset, conversation: ids.conversation, mechanism: 'MANUAL' },
    websiteUpdate: await read(`/website/${ids.website}`),
    websiteScoresIncrement: { website: SCORE, websites: SCORE },
    searchWebsites: SEARCH,
    websitesExists: { value: 'https://example.com/reliable' },
    anchorsCreateNewAnchor: {
      type: 'FILE',
      fullpath: '/tmp/reliable.ts',
      name: 'reliable.ts',
      watch: false,
      asset: ids.asset,
      conversation: ids.conversation,
      annotations: [{ type: 'COMMENT', text: 'reliable' }],
    },
    anchorUpdate: await read(`/anchor/${ids.anchor}`),
    anchorScoresIncrement: { anchor: SCORE, anchors: SCORE },
    searchAnchors: SEARCH,
    rangesCreateNewRange: {
      from: { value: '2024-07-01T09:00:00.000Z' },
      to: { value: '2024-07-01T17:00:00.000Z' },
      between: true,
      summary: { id: ids.workstream_summary },
      conversation: { reference: { id: ids.conversation } },
    },
    rangeUpdate: await read(`/range/${ids.range}`),
    rangeScoresIncrement: { range: SCORE, ranges: SCORE },
    workstreamSummariesCreateNewWorkstreamSummary: {
      name: 'Reliable day',
      model: { id: 'reliable-model', version: '1', created: { value: '2024-01-01T00:00:00.000Z' }, name: 'm', cloud: false, type: 'BALANCED', usage: 'CODE_CONVERSATION' },
      favorited: false,
      annotations: [{ type: 'SUMMARY', text: 'reliable' }],
      assets: refs(ids.asset),
      conversations: refs(ids.conversation),
      ranges: refs(ids.range),
      websites: refs(ids.website),
      anchors: refs(ids.anchor),
      tags: refs(ids.tag),
    },
    workstreamSummaryUpdate: await read(`/workstream_summary/${ids.workstream_summary}`),
    workstreamSummaryScoresIncrement: { workstream_summary: SCORE, workstream_summaries: SCORE },
    searchWorkstreamSummaries: SEARCH,
    annotationsCreateNewAnnotation: {
      type: 'COMMENT',
      text: 'reliable',
      mechanism: 'MANUAL',
      favorited: false,
      asset: ids.asset,
      conversation: ids.conversation,
      anchor: ids.anchor,
      workstream_summary: ids.workstream_summary,
      messages: refs(ids.message),
      anchors: refs(ids.anchor),
      tags: refs(ids.tag),
      websites: refs(ids.website),
      summaries: refs(ids.workstream_summary),
    },
    annotationUpdate: await read(`/annotation/${ids.annotation}`),
    annotationScoresIncrement: { annotation: SCORE, annotations: SCORE },
    searchAnnotations: SEARCH,
    activitiesCreateNewActivity: { event: {}, application: APPLICATION, asset: { id: ids.asset }, format: { id: ids.format }, mechanism: 'MANUAL' },
    activityUpdate: await read(`/activity/${ids.activity}`),
    formatUpdateValue: await read(`/format/${ids.format}`),
    formatReclassify: { ext: 'py', format: { id: ids.format } },
    assetsSearchWithFilters: {
      query: 'a',
      casing: false,
      space: { identifers: refs(ids.asset) },
      filters: {
        type: 'AND',
        iterable: [
          {
            classification: 'ts',
            tags: ['react'],
            phrase: { value: 'a', title: true },
            created: { from: { value: '2000-01-01T00:00:00.000Z' } },
            operations: { iterable: [] },
          },
        ],
      },
    },
    searchConversations: SEARCH,
    searchMessages: SEARCH,
    searchConversationSpecificMessages: SEARCH,
    messageScoresIncrement: { conversationMessage: SCORE, conversationMessages: SCORE },
  }
}

import { createOperation, updateOperation } from '../define/write-operations.js'
import { createTag } from '../../domain/record-writes.js'
import { existentMetadataInput, seededTagInput } from '../../domain/inputs/record-seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { tagUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { parseBody } from '../define/request-input.js'
import { searchOperation } from '../search/search-operation.js'

/**
 * The tag's own routes (TagApi and TagsApi): its snapshot, create, update,
 * delete, score increment, search, and whether a tag of a text exists.
 * `GET /tags` is in the linked-record lists.
 *
 * @example
 * routeTable() // holds these
 */
export const tagsOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'tagsSpecificTagSnapshot',
    paths: ['/tag/:tag'],
    param: 'tag',
    kind: 'tag',
    gone: 'Tag was not found.',
  }),
  createOperation({
    id: 'tagsCreateNewTag',
    path: '/tags/create',
    kind: 'tag',
    model: 'SeededTag',
    input: seededTagInput,
    create: createTag,
  }),
  updateOperation({
    id: 'tagUpdate',
    path: '/tag/update',
    kind: 'tag',
    model: 'Tag',
    input: tagUpdateInput,
    apply(draft, input) {
      draft.text = input.text
      draft.category = input.category
    },
  }),
  deleteOperation({ id: 'tagsDeleteSpecificTag', paths: ['/tags/:tag/delete'], param: 'tag', kind: 'tag' }),
  scoresIncrementOperation({
    id: 'tagScoresIncrement',
    paths: ['/tag/:tag/scores/increment'],
    param: 'tag',
    kind: 'tag',
    keys: ['tag', 'tags'],
  }),
  searchOperation({ id: 'searchTags', paths: ['/tags/search'], kind: 'tag', key: 'tag', texts: (tag) => [tag.text] }),
  defineOperation({
    id: 'tagsExists',
    method: 'POST',
    paths: ['/tags/exists'],
    params: {},
    run(context) {
      requireBody(context.request.body, 'ExistentMetadata')
      const { value } = parseBody(existentMetadataInput, context.request.body, 'ExistentMetadata')
      for (const tag of context.store.all('tag')) if (tag.text === value) return json({ tag: { id: tag.id } })
      return json({})
    },
  }),
]

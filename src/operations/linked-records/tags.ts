import { createTag } from '../../domain/record-writes.js'
import { existentMetadataInput, seededTagInput } from '../../domain/inputs/record-seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { tagUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { parseBody, wireContext } from '../define/request-input.js'
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
  defineOperation({
    id: 'tagsCreateNewTag',
    method: 'POST',
    paths: ['/tags/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededTag')
      const seed = parseBody(seededTagInput, context.request.body, 'SeededTag')
      const wire = wireContext(context)
      const tag = await context.store.write((tx) => createTag(tx, seed))
      return json(wire.render('tag', tag))
    },
  }),
  defineOperation({
    id: 'tagUpdate',
    method: 'POST',
    paths: ['/tag/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'Tag')
      const input = parseBody(tagUpdateInput, context.request.body, 'Tag')
      const wire = wireContext(context)
      const tag = await context.store.write((tx) =>
        tx.update('tag', input.id, (draft) => {
          draft.text = input.text
          draft.category = input.category
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('tag', tag))
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

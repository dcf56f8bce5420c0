import { createOperation, updateOperation } from '../define/write-operations.js'
import { createWebsite } from '../../domain/record-writes.js'
import { existentMetadataInput, seededWebsiteInput } from '../../domain/inputs/record-seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, scoresIncrementOperation, snapshotOperation } from '../define/record-routes.js'
import { websiteUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { parseBody } from '../define/request-input.js'
import { searchOperation } from '../search/search-operation.js'

/**
 * The website's own routes (WebsiteApi and WebsitesApi): its snapshot,
 * create, update, delete, score increment, search, and whether a website of
 * a URL exists. `GET /websites` is in the linked-record lists.
 *
 * @example
 * routeTable() // holds these
 */
export const websitesOperations: readonly Operation[] = [
  snapshotOperation({
    id: 'websitesSpecificWebsiteSnapshot',
    paths: ['/website/:website'],
    param: 'website',
    kind: 'website',
    gone: 'Website not found.',
  }),
  createOperation({
    id: 'websitesCreateNewWebsite',
    path: '/websites/create',
    kind: 'website',
    model: 'SeededWebsite',
    input: seededWebsiteInput,
    create: createWebsite,
  }),
  updateOperation({
    id: 'websiteUpdate',
    path: '/website/update',
    kind: 'website',
    model: 'Website',
    input: websiteUpdateInput,
    apply(draft, input) {
      draft.url = input.url
      draft.name = input.name
    },
  }),
  deleteOperation({
    id: 'websitesDeleteSpecificWebsite',
    paths: ['/websites/:website/delete'],
    param: 'website',
    kind: 'website',
  }),
  scoresIncrementOperation({
    id: 'websiteScoresIncrement',
    paths: ['/website/:website/scores/increment'],
    param: 'website',
    kind: 'website',
    keys: ['website', 'websites'],
  }),
  searchOperation({
    id: 'searchWebsites',
    paths: ['/websites/search'],
    kind: 'website',
    key: 'website',
    texts: (website) => [website.name, website.url],
  }),
  defineOperation({
    id: 'websitesExists',
    method: 'POST',
    paths: ['/websites/exists'],
    params: {},
    run(context) {
      requireBody(context.request.body, 'ExistentMetadata')
      const { value } = parseBody(existentMetadataInput, context.request.body, 'ExistentMetadata')
      for (const website of context.store.all('website')) {
        if (website.url === value) return json({ website: { id: website.id } })
      }
      return json({})
    },
  }),
]

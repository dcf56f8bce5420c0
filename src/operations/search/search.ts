import { MockServiceError } from '../../errors.js'
import { matchText } from '../../domain/search.js'
import type { AssetRecord } from '../../store/schemas/schemas.js'
import { defineOperation, json, type Operation, type OperationContext } from '../define/define-operation.js'
import { assetTexts, matchAsset, searchedAssets } from './asset-search.js'
import { booleanQuery, wireContext } from '../define/request-input.js'

/** The longest query the searches take. */
const MAX_QUERY = 10_000

/** The `query` parameter a search needs. */
function queryOf(context: OperationContext): string {
  booleanQuery(context.request.query, 'pseudo', false)
  const query = (context.request.query.get('query') ?? '').trim()
  if (query === '') {
    throw new MockServiceError('INVALID_REQUEST', 'Missing query parameter "query": give the text to search for.')
  }
  if (query.length > MAX_QUERY) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Invalid query parameter "query": longer than ${MAX_QUERY} characters.`,
    )
  }
  return query
}

/** How an asset matches the words of a query: the share of words found in its name, code or annotations. */
function neuralMatch(context: OperationContext, asset: AssetRecord, query: string, words: readonly string[]) {
  const whole = matchAsset(context.store, asset, { queries: [query] })
  if (whole) return { exact: whole.exact, score: Math.max(whole.similarity, 0.5) + 0.5, match: whole.kind }
  const { title, content } = assetTexts(context.store, asset)
  const annotations = asset.annotations.map((id) => context.store.get('annotation', id)?.text)
  const texts = [title, ...content, ...annotations]
  const found = words.filter((word) => matchText(texts, { queries: [word] })).length
  if (found === 0) return undefined
  return { exact: false, score: Math.round((found / words.length) * 5_000) / 10_000, match: 'FUZZY' }
}

/**
 * SearchApi's searches over the stored assets, both answering SearchedAssets
 * best first: full text search (`GET /search/full_text`: the query as written
 * in the assets' code, each result with its asset) and neural code search
 * (`GET /search/neural_code`: the whole query, or any of its words, in names,
 * code and annotations; results carry the asset ids only, as the service's do).
 *
 * @example
 * routeTable() // holds these
 */
export const searchOperations: readonly Operation[] = [
  defineOperation({
    id: 'fullTextSearch',
    method: 'GET',
    paths: ['/search/full_text'],
    params: {},
    run(context) {
      const query = queryOf(context)
      const found = []
      for (const asset of context.store.all('asset')) {
        const match = matchText(assetTexts(context.store, asset).content, { queries: [query] })
        if (match) found.push({ asset, exact: match.exact, score: match.similarity, match: 'CONTENT' })
      }
      return json(searchedAssets(wireContext(context), found))
    },
  }),
  defineOperation({
    id: 'neuralCodeSearch',
    method: 'GET',
    paths: ['/search/neural_code'],
    params: {},
    run(context) {
      const query = queryOf(context)
      const words = [
        ...new Set(
          query
            .toLowerCase()
            .split(/\W+/)
            .filter((word) => word.length > 1),
        ),
      ]
      const found = []
      for (const asset of context.store.all('asset')) {
        const match = neuralMatch(context, asset, query, words.length > 0 ? words : [query])
        if (match) found.push({ asset, ...match })
      }
      return json(searchedAssets(wireContext(context), found, false))
    },
  }),
]

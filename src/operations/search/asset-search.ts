import { MockServiceError } from '../../errors.js'
import { matchText, type TextMatch, type TextSearch } from '../../domain/search.js'
import type { Store } from '../../store/create-store.js'
import type { AssetRecord } from '../../store/schemas/schemas.js'
import type { WireContext } from '../../wire/wire-types.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { booleanQuery, parseBody, wireContext } from '../define/request-input.js'
import {
  assetsSearchWithFiltersInput,
  type AssetFilterInput,
  type AssetFiltersInput,
} from '../../domain/inputs/search-inputs.js'
import { lazySchema } from '../../store/schemas/lazy-schema.js'

const optionalSearchWithFilters = lazySchema(() => assetsSearchWithFiltersInput.optional())

/**
 * An asset's texts a search reads: its name, and the code or text of its formats.
 *
 * @example
 * assetTexts(store, asset).content // ['export function useDebounce…']
 */
export function assetTexts(store: Store, asset: AssetRecord) {
  const content = asset.formats.map((id) => {
    const format = store.get('format', id)
    return format?.fragment?.string?.raw ?? format?.file?.string?.raw
  })
  return { title: asset.name, content }
}

/**
 * How an asset matched a query: by its name (TITLE), its code (CONTENT) or both (MULTIPLE).
 *
 * @example
 * matchAsset(store, asset, { queries: ['debounce'] })?.kind // 'TITLE'
 */
export function matchAsset(
  store: Store,
  asset: AssetRecord,
  search: TextSearch,
): (TextMatch & { readonly kind: string }) | undefined {
  const { title, content } = assetTexts(store, asset)
  const byTitle = matchText([title], search)
  const byContent = matchText(content, search)
  if (!byTitle && !byContent) return undefined
  const best = !byContent || (byTitle && byTitle.similarity >= byContent.similarity) ? byTitle! : byContent
  return {
    ...best,
    exact: (byTitle?.exact ?? false) || (byContent?.exact ?? false),
    kind: byTitle && byContent ? 'MULTIPLE' : byTitle ? 'TITLE' : 'CONTENT',
  }
}

/**
 * One SearchedAsset, and the whole SearchedAssets of a result list, exact matches first, then by score.
 *
 * @example
 * searchedAssets(wire, [{ asset, exact: true, score: 1, match: 'CONTENT' }])
 */
export function searchedAssets(
  wire: WireContext,
  found: ReadonlyArray<{ asset: AssetRecord; exact: boolean; score: number; match: string }>,
  withAssets = true,
): { iterable: Array<Record<string, unknown>>; suggested: number; exact: number } {
  const sorted = [...found].sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score)
  return {
    iterable: sorted.map(({ asset, exact, score, match }) => ({
      ...(withAssets && { asset: wire.render('asset', asset) }),
      exact,
      score,
      match,
      identifier: asset.id,
    })),
    suggested: 0,
    exact: sorted.filter((entry) => entry.exact).length,
  }
}

/** Whether an asset carries one of the tags named (by id or text, the text ignoring case). */
function hasTag(store: Store, asset: AssetRecord, names: readonly string[]): boolean {
  const wanted = new Set(names.map((name) => name.toLowerCase()))
  return asset.tags.some(
    (id) => wanted.has(id.toLowerCase()) || wanted.has(store.get('tag', id)?.text.toLowerCase() ?? '\u0000'),
  )
}

function within(iso: string, range: NonNullable<AssetFilterInput['created']>): boolean {
  const at = Date.parse(iso)
  if (range.from && at < Date.parse(range.from.value)) return false
  return !(range.to && at > Date.parse(range.to.value))
}

/** Whether an asset passes one AssetFilter: every criterion it gives. */
function passesFilter(store: Store, asset: AssetRecord, filter: AssetFilterInput): boolean {
  if (filter.classification && store.get('format', asset.original)?.classification.specific !== filter.classification)
    return false
  if (filter.tags?.length && !hasTag(store, asset, filter.tags)) return false
  if (filter.websites?.length) {
    const wanted = new Set(filter.websites)
    if (!asset.websites.some((id) => wanted.has(id) || wanted.has(store.get('website', id)?.url ?? '\u0000')))
      return false
  }
  // The mock keeps no persons: no asset has one.
  if (filter.persons?.length) return false
  const phrase = filter.phrase
  if (phrase?.value) {
    const { title, content } = assetTexts(store, asset)
    const annotations = asset.annotations.map((id) => store.get('annotation', id)?.text)
    const any = !phrase.title && !phrase.content && !phrase.annotation
    const texts = [
      ...(any || phrase.title ? [title] : []),
      ...(any || phrase.content ? content : []),
      ...(any || phrase.annotation ? annotations : []),
    ]
    if (!matchText(texts, { queries: [phrase.value] })) return false
  }
  if (filter.created && !within(asset.created, filter.created)) return false
  if (filter.updated && !within(asset.updated, filter.updated)) return false
  return !filter.operations || passesFilters(store, asset, filter.operations)
}

/** Whether an asset passes AssetFilters: all of them, or one of them with `type: OR`. */
function passesFilters(store: Store, asset: AssetRecord, filters: AssetFiltersInput): boolean {
  if (filters.iterable.length === 0) return true
  const passes = (filter: AssetFilterInput) => passesFilter(store, asset, filter)
  return filters.type === 'OR' ? filters.iterable.some(passes) : filters.iterable.every(passes)
}

/**
 * The asset searches of AssetsApi: `GET /assets/search` (a query over names
 * and code, optionally among assets with some tags) and `POST /assets/search`
 * (a query, a space of ids and filters), both answering SearchedAssets with
 * how each asset matched.
 *
 * @example
 * routeTable() // holds these
 */
export const assetSearchOperations: readonly Operation[] = [
  defineOperation({
    id: 'searchAssets',
    method: 'GET',
    paths: ['/assets/search'],
    params: {},
    run(context) {
      const params = context.request.query
      booleanQuery(params, 'pseudo', false)
      const query = params.get('query') ?? ''
      const tags = (params.get('searchable_tags') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== '')
      if (query === '' && tags.length === 0) {
        throw new MockServiceError('INVALID_REQUEST', 'Missing query parameter "query": give the text to search for.')
      }
      const wire = wireContext(context)
      const store = context.store
      const found = []
      for (const asset of store.all('asset')) {
        if (tags.length > 0 && !hasTag(store, asset, tags)) continue
        if (query === '') {
          found.push({ asset, exact: false, score: 1, match: 'TAGS' })
          continue
        }
        const match = matchAsset(store, asset, { queries: [query] })
        if (match) found.push({ asset, exact: match.exact, score: match.similarity, match: match.kind })
      }
      return json(searchedAssets(wire, found))
    },
  }),
  defineOperation({
    id: 'assetsSearchWithFilters',
    method: 'POST',
    paths: ['/assets/search'],
    params: {},
    run(context) {
      booleanQuery(context.request.query, 'pseudo', false)
      // Every field is optional: no body, no query and no filters is every asset.
      const input = parseBody(optionalSearchWithFilters, context.request.body, 'AssetsSearchWithFiltersInput') ?? {}
      const wire = wireContext(context)
      const store = context.store
      const space = input.space && new Set(input.space.identifers.iterable.map((reference) => reference.id))
      const query = input.query ?? ''
      const found = []
      for (const asset of store.all('asset')) {
        if (space && !space.has(asset.id)) continue
        if (input.filters && !passesFilters(store, asset, input.filters)) continue
        if (query === '') {
          found.push({ asset, exact: false, score: 1, match: 'UNKNOWN' })
          continue
        }
        const match = matchAsset(store, asset, { queries: [query], caseSensitive: input.casing === true })
        if (match) found.push({ asset, exact: match.exact, score: match.similarity, match: match.kind })
      }
      return json({ results: searchedAssets(wire, found) })
    },
  }),
]

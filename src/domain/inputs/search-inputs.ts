import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { MockServiceError } from '../../errors.js'
import type { TextSearch } from '../search.js'
import { classificationSpecific } from '../../store/schemas/enums.js'
import { groupedTimestamp, recordId as id } from './wire-parts.js'

/*
 * The bodies of the search routes, as the official client sends them (wire
 * keys). Unknown keys are accepted and ignored.
 */

const operationType = lazySchema(() => z.enum(['UNKNOWN', 'AND', 'OR']))

const searchEngine = lazySchema(() =>
  z
    .object({
      query: z.string().optional(),
      full_text: z.object({ exact: z.boolean().optional() }).loose().optional(),
    })
    .loose(),
)

/** SearchInput: the engines of a search, each with its query. */
export const searchInput = lazySchema(() =>
  z.object({ engines: z.object({ iterable: z.array(searchEngine), type: operationType.optional() }).loose() }).loose(),
)

/**
 * What a SearchInput asks for: the queries of its engines (all of them with
 * `type: AND`), exact matches only when every engine asks for them.
 *
 * @example
 * textSearchOf({ engines: { iterable: [{ query: 'react' }] } }) // { queries: ['react'], every: false, exactOnly: false }
 */
export function textSearchOf(input: z.output<typeof searchInput>): TextSearch {
  const engines = input.engines.iterable.filter((engine) => engine.query !== undefined && engine.query !== '')
  if (engines.length === 0) {
    throw new MockServiceError('INVALID_REQUEST', 'Invalid SearchInput body: engines.iterable: no engine has a query.')
  }
  return {
    queries: engines.map((engine) => engine.query!),
    every: input.engines.type === 'AND',
    exactOnly: engines.every((engine) => engine.full_text?.exact === true),
  }
}

const filterTimestamp = lazySchema(() =>
  z
    .object({
      from: groupedTimestamp.optional(),
      to: groupedTimestamp.optional(),
    })
    .loose(),
)

/** AssetFilter: what an asset must be to pass (every criterion given), with nested filters. */
export interface AssetFilterInput {
  readonly classification?: string | undefined
  readonly tags?: readonly string[] | undefined
  readonly websites?: readonly string[] | undefined
  readonly persons?: readonly string[] | undefined
  readonly phrase?:
    | {
        readonly value?: string | undefined
        readonly annotation?: boolean | undefined
        readonly title?: boolean | undefined
        readonly content?: boolean | undefined
      }
    | undefined
  readonly created?: z.output<typeof filterTimestamp> | undefined
  readonly updated?: z.output<typeof filterTimestamp> | undefined
  readonly operations?: AssetFiltersInput | undefined
}

/** AssetFilters: filters an asset passes all of (`AND`, the default) or one of (`OR`). */
export interface AssetFiltersInput {
  readonly iterable: readonly AssetFilterInput[]
  readonly type?: 'UNKNOWN' | 'AND' | 'OR' | undefined
}

// Recursive (an AssetFilter holds AssetFilters): the lazy inside looks `assetFilters` up when first parsed, once built.
const assetFilters: z.ZodType<AssetFiltersInput> = lazySchema(() =>
  z.lazy(() =>
    z
      .object({
        iterable: z.array(
          z
            .object({
              classification: classificationSpecific.optional(),
              tags: z.array(z.string()).optional(),
              websites: z.array(z.string()).optional(),
              persons: z.array(z.string()).optional(),
              phrase: z
                .object({
                  value: z.string().optional(),
                  annotation: z.boolean().optional(),
                  title: z.boolean().optional(),
                  content: z.boolean().optional(),
                })
                .loose()
                .optional(),
              created: filterTimestamp.optional(),
              updated: filterTimestamp.optional(),
              operations: assetFilters.optional(),
            })
            .loose(),
        ),
        type: operationType.optional(),
      })
      .loose(),
  ),
)

/** AssetsSearchWithFiltersInput: the body of `POST /assets/search`. */
export const assetsSearchWithFiltersInput = lazySchema(() =>
  z
    .object({
      query: z.string().optional(),
      space: z
        .object({ identifers: z.object({ iterable: z.array(z.object({ id }).loose()) }).loose() })
        .loose()
        .optional(),
      filters: assetFilters.optional(),
      casing: z.boolean().optional(),
    })
    .loose(),
)

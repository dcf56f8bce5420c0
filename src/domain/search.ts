/*
 * Text search over the mock's records, the way its search routes answer:
 * a record matches a query when one of its texts contains it (ignoring case
 * unless asked not to); equal text is an exact match. Deterministic, and
 * linear in the size of the texts searched.
 */

/** What to look for. */
export interface TextSearch {
  /** The queries; a record matches one of them, or every one with `every`. */
  readonly queries: readonly string[]
  readonly every?: boolean
  /** Only texts equal to a query match. */
  readonly exactOnly?: boolean
  readonly caseSensitive?: boolean
}

/** How well a record matched. */
export interface TextMatch {
  /** A text equals the query. */
  readonly exact: boolean
  /** How much of the best text the query covers, from 0 to 1 (1 when exact). */
  readonly similarity: number
  /** The position, in the texts given, of the text that matched best. */
  readonly field: number
}

/** A record and how it matched. */
export interface RankedMatch<R> {
  readonly record: R
  readonly match: TextMatch
}

function matchOne(texts: ReadonlyArray<string | undefined>, query: string, search: TextSearch): TextMatch | undefined {
  const needle = search.caseSensitive ? query : query.toLowerCase()
  let best: TextMatch | undefined
  texts.forEach((text, field) => {
    if (text === undefined || text === '') return
    const haystack = search.caseSensitive ? text : text.toLowerCase()
    let found: TextMatch | undefined
    if (haystack === needle) found = { exact: true, similarity: 1, field }
    else if (!search.exactOnly && haystack.includes(needle)) {
      found = { exact: false, similarity: Math.round((needle.length / haystack.length) * 10_000) / 10_000, field }
    }
    if (found && (!best || found.similarity > best.similarity)) best = found
  })
  return best
}

/**
 * How well texts match a search, or undefined when they do not.
 *
 * @example
 * matchText(['useDebounce hook', 'export function useDebounce…'], { queries: ['debounce'] }) // { exact: false, similarity: 0.5, field: 0 }
 */
export function matchText(texts: ReadonlyArray<string | undefined>, search: TextSearch): TextMatch | undefined {
  let combined: TextMatch | undefined
  for (const query of search.queries) {
    const match = matchOne(texts, query, search)
    if (!match) {
      if (search.every) return undefined
      continue
    }
    if (!combined) combined = match
    else if (search.every)
      combined = {
        exact: combined.exact && match.exact,
        similarity: Math.min(combined.similarity, match.similarity),
        field: combined.field,
      }
    else if (match.similarity > combined.similarity) combined = match
  }
  return combined
}

/**
 * The records that match a search, best first (exact matches, then by
 * similarity; ties keep the records' order).
 *
 * @example
 * rankMatches(store.all('tag'), (tag) => [tag.text], { queries: ['react'] })
 */
export function rankMatches<R>(
  records: Iterable<R>,
  texts: (record: R) => ReadonlyArray<string | undefined>,
  search: TextSearch,
): Array<RankedMatch<R>> {
  const found: Array<RankedMatch<R>> = []
  for (const record of records) {
    const match = matchText(texts(record), search)
    if (match) found.push({ record, match })
  }
  return found.sort((a, b) => Number(b.match.exact) - Number(a.match.exact) || b.match.similarity - a.match.similarity)
}

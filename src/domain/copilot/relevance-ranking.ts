import { keywordOverlap, queryKeywords } from './keyword-overlap.js'

/** Something a relevance search can return, with the texts it is ranked by. */
export interface RelevanceCandidate<T> {
  readonly value: T
  readonly texts: ReadonlyArray<string | undefined>
}

/** A seed as a relevance input sends it (the client's `Seed`): only its asset's name and text are read. */
export interface SentSeed {
  readonly asset?: {
    readonly metadata?: { readonly name?: string }
    readonly format?: {
      readonly fragment?: { readonly string?: { readonly raw?: string } }
      readonly file?: { readonly string?: { readonly raw?: string } }
    }
  }
}

/**
 * The texts a sent seed is ranked by: its asset's name and its format's text.
 *
 * @example
 * seedTexts({ asset: { format: { fragment: { string: { raw: 'items.reverse()' } } } } }) // [undefined, 'items.reverse()']
 */
export function seedTexts(seed: SentSeed): Array<string | undefined> {
  const format = seed.asset?.format
  return [seed.asset?.metadata?.name, format?.fragment?.string?.raw ?? format?.file?.string?.raw]
}

/**
 * Every seed a relevance input sent, ranked in among the stored assets the
 * search found: each scored by how many of the query's keywords its texts
 * hold (`keywordOverlap`), the seeds best first (ties keep the order sent),
 * merged with the stored assets, whose own order is kept; a seed goes first
 * when it scores at least as well as the next stored asset. Deterministic;
 * every seed comes back, whatever it scores.
 *
 * @example
 * rankWithSeeds('reverse a list', [{ value: 'seed', texts: ['items.reverse()'] }], [{ value: 'stored', texts: ['sum'] }])
 * // ['seed', 'stored']
 */
export function rankWithSeeds<T>(
  query: string,
  seeds: ReadonlyArray<RelevanceCandidate<T>>,
  stored: ReadonlyArray<RelevanceCandidate<T>>,
): T[] {
  const keywords = queryKeywords(query)
  const scored = (candidates: ReadonlyArray<RelevanceCandidate<T>>) =>
    candidates.map(({ value, texts }) => ({ value, score: keywordOverlap(keywords, texts) }))
  // Array.prototype.sort is stable: equal scores keep the order the seeds were sent in.
  const seedQueue = scored(seeds).sort((a, b) => b.score - a.score)
  const storedQueue = scored(stored)
  const ranked: T[] = []
  let [nextSeed, nextStored] = [0, 0]
  while (nextSeed < seedQueue.length || nextStored < storedQueue.length) {
    const seed = seedQueue[nextSeed]
    const asset = storedQueue[nextStored]
    if (seed && (!asset || seed.score >= asset.score)) {
      ranked.push(seed.value)
      nextSeed++
    } else if (asset) {
      ranked.push(asset.value)
      nextStored++
    }
  }
  return ranked
}

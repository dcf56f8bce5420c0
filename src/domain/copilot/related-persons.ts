import type { PersonRecord } from '../../store/schemas/schemas.js'
import { keywordOverlap, queryKeywords } from './keyword-overlap.js'

/** How many persons one answer names at most, best first. */
const MOST_RELATED = 20
/** How many asset names an explanation lists. */
const NAMED_IN_EXPLANATION = 3

/** What a persons-related question asks about: its text, and the stored assets it names outright. */
export interface RelatedQuestion {
  /** The seed's text and the conversation's messages, as one text. */
  readonly text: string
  /** Assets the seed names by id (a seeded person's, anchor's or website's `asset`). */
  readonly namedAssets: ReadonlySet<string>
}

/** What the ranking reads of a stored asset: its name and its original format's text, or nothing when it is gone. */
export type AssetTexts = (
  id: string,
) => { readonly name: string; readonly texts: ReadonlyArray<string | undefined> } | undefined

/** One person found, with what they were found by. */
export interface RelatedPerson {
  readonly person: PersonRecord
  readonly score: number
  /** The names of the matching assets linked to them, in their link order. */
  readonly assets: readonly string[]
}

/**
 * The persons linked to the assets a question is about, best first: an asset
 * the question names outright counts its keywords plus one, any other the
 * question's keywords its name and text hold (`keywordOverlap`); a person
 * scores the sum over their linked assets, ties broken by more matching
 * assets, then name, then id. Persons with no matching asset are left out; at
 * most 20. Deterministic: the same store and question give the same answer.
 *
 * @example
 * rankRelatedPersons({ text: 'debounce input', namedAssets: new Set() }, store.all('person'), textsOf)
 * // [{ person: dana, score: 2, assets: ['debounce.ts'] }]
 */
export function rankRelatedPersons(
  question: RelatedQuestion,
  persons: Iterable<PersonRecord>,
  assetTexts: AssetTexts,
): RelatedPerson[] {
  const keywords = queryKeywords(question.text)
  const scores = new Map<string, { score: number; name: string } | null>()
  const assetScore = (id: string) => {
    if (!scores.has(id)) {
      const asset = assetTexts(id)
      const score = !asset
        ? 0
        : question.namedAssets.has(id)
          ? keywords.length + 1
          : keywordOverlap(keywords, asset.texts)
      scores.set(id, asset && score > 0 ? { score, name: asset.name } : null)
    }
    return scores.get(id)
  }
  const found: RelatedPerson[] = []
  for (const person of persons) {
    let score = 0
    const assets: string[] = []
    for (const id of person.assets) {
      const match = assetScore(id)
      if (!match) continue
      score += match.score
      assets.push(match.name)
    }
    if (score > 0) found.push({ person, score, assets })
  }
  return found.sort(byRelevance).slice(0, MOST_RELATED)
}

/**
 * Why a person was found, in words.
 *
 * @example
 * explainRelated({ person, score: 3, assets: ['debounce.ts'] }) // 'Linked to 1 asset this is about: debounce.ts.'
 */
export function explainRelated(related: RelatedPerson): string {
  const count = related.assets.length
  const names = related.assets.slice(0, NAMED_IN_EXPLANATION).join(', ')
  const more = count > NAMED_IN_EXPLANATION ? ` and ${count - NAMED_IN_EXPLANATION} more` : ''
  return `Linked to ${count} asset${count === 1 ? '' : 's'} this is about: ${names}${more}.`
}

function byRelevance(a: RelatedPerson, b: RelatedPerson): number {
  return (
    b.score - a.score ||
    b.assets.length - a.assets.length ||
    compareText(nameOf(a.person), nameOf(b.person)) ||
    compareText(a.person.id, b.person.id)
  )
}

function nameOf(person: PersonRecord): string {
  return person.type.basic?.name ?? person.type.basic?.username ?? ''
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

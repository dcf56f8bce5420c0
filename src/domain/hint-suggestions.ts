import type { HintRecord } from '../store/schemas/schemas.js'

/** How many questions `POST /qgpt/hints` suggests at most. */
const SUGGESTED_HINTS_LIMIT = 5

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])

/** One suggested question and how well it fits, from 0 to 1. */
export interface SuggestedHint {
  readonly text: string
  readonly score: number
}

/**
 * The questions `POST /qgpt/hints` suggests after an answer: the stored
 * hints ranked by how many of their words the query and the answer share
 * (the share of the hint's words as its score), then by text; five at most.
 * With no hint sharing a word, one question built from the query (or none
 * without a query).
 *
 * @example
 * suggestHints(store.all('hint'), 'debounce', 'Use a timer.') // [{ text: 'How do I cancel a pending debounced call?', score: 0.14 }]
 */
export function suggestHints(hints: Iterable<HintRecord>, query: string, answer: string): SuggestedHint[] {
  const asked = wordsOf(`${query} ${answer}`)
  const ranked: SuggestedHint[] = []
  for (const hint of hints) {
    const words = wordsOf(hint.text)
    let shared = 0
    for (const word of words) if (asked.has(word)) shared++
    if (shared > 0) ranked.push({ text: hint.text, score: Math.round((shared / words.size) * 100) / 100 })
  }
  ranked.sort((a, b) => b.score - a.score || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
  if (ranked.length > 0) return ranked.slice(0, SUGGESTED_HINTS_LIMIT)
  const topic = query.trim()
  return topic === '' ? [] : [{ text: `Can you explain more about "${topic.slice(0, 200)}"?`, score: 0 }]
}

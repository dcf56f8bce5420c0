/*
 * Keyword overlap: how many of a query's keywords a text holds as words.
 * The copilot ranks what is relevant to a question by it. Client data is read
 * only so far, so any input costs bounded work.
 */

/** How much of a query is read for keywords, and how many are kept. */
const QUERY_CHARS = 2000
const MAX_KEYWORDS = 64
/** How much of each text is read for words. */
const TEXT_CHARS = 8000

/** Words too common in questions to say what one is about. */
const STOP_WORDS = new Set([
  'about',
  'all',
  'and',
  'any',
  'are',
  'but',
  'can',
  'could',
  'does',
  'for',
  'from',
  'get',
  'give',
  'has',
  'have',
  'how',
  'into',
  'its',
  'make',
  'need',
  'not',
  'please',
  'should',
  'show',
  'some',
  'than',
  'that',
  'the',
  'then',
  'there',
  'this',
  'use',
  'using',
  'want',
  'was',
  'way',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
  'will',
  'with',
  'would',
  'you',
  'your',
])

/**
 * The keywords of a query: its distinct words of three letters or more,
 * lowercased, common question words left out, in reading order; at most 64,
 * from its first 2,000 characters.
 *
 * @example
 * queryKeywords('How do I reverse a list in Python?') // ['reverse', 'list', 'python']
 */
export function queryKeywords(query: string): string[] {
  const keywords = new Set<string>()
  for (const word of wordsOf(query.slice(0, QUERY_CHARS))) {
    if (word.length > 2 && !STOP_WORDS.has(word)) keywords.add(word)
    if (keywords.size === MAX_KEYWORDS) break
  }
  return [...keywords]
}

/**
 * How many of the keywords the texts hold as words (each counted once),
 * reading the first 8,000 characters of each text.
 *
 * @example
 * keywordOverlap(['reverse', 'list'], ['reverse.py', 'items.reverse()']) // 1
 */
export function keywordOverlap(keywords: readonly string[], texts: ReadonlyArray<string | undefined>): number {
  const words = new Set<string>()
  for (const text of texts) if (text) for (const word of wordsOf(text.slice(0, TEXT_CHARS))) words.add(word)
  return keywords.filter((keyword) => words.has(keyword)).length
}

function wordsOf(text: string): string[] {
  return Array.from(text.toLowerCase().matchAll(/[a-z0-9_]+/g), (match) => match[0])
}

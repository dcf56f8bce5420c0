import type { CopilotGrounding, GroundingAsset } from '../domain/copilot/copilot-grounding.js'
import { keywordOverlap, queryKeywords } from '../domain/copilot/keyword-overlap.js'
import type { CopilotQuestion } from '../domain/inputs/copilot-inputs.js'
import type { Store } from '../store/create-store.js'
import type { MessageRecord } from '../store/schemas/schemas.js'

/**
 * The records a question stands on, read from the store: the assets it names
 * (with their original formats); the messages before it, those it names and
 * then those of the conversation it is asked in (so a follow-up keeps the
 * conversation's language); and, when it names no asset, the stored asset
 * most relevant to it by keyword overlap with its name and code. Ids the store does not hold are left
 * out, as the real service skips seeds it cannot find.
 *
 * @example
 * composeAnswer(question.query, groundingOf(store, question, conversationId), seed)
 */
export function groundingOf(store: Store, question: CopilotQuestion, conversation?: string): CopilotGrounding {
  const assets = question.assetIds.flatMap((id) => {
    const asset = store.get('asset', id)
    return asset ? [{ asset, original: store.get('format', asset.original) }] : []
  })
  const named = question.messageIds.flatMap((id) => store.get('message', id) ?? [])
  const messages = [...named, ...conversationMessages(store, conversation, new Set(question.messageIds))]
  if (assets.length > 0) return { assets, messages }
  const related = mostRelevantAsset(store, question.query)
  return related ? { assets, messages, related } : { assets, messages }
}

/** A conversation's messages in order, but those already named. */
function conversationMessages(store: Store, conversation: string | undefined, named: ReadonlySet<string>) {
  const ids = conversation === undefined ? [] : (store.get('conversation', conversation)?.messages ?? [])
  return ids.flatMap((id): MessageRecord[] => {
    const message = named.has(id) ? undefined : store.get('message', id)
    return message ? [message] : []
  })
}

/** How relevant an asset must be to ground an answer: a keyword in its name, or two in its code. */
const RELEVANT_SCORE = 2

/**
 * The stored asset most relevant to a query: each keyword in its name counts
 * two, each in its code one; the first stored wins a tie, and none scores
 * below two (one common word in the code is no ground).
 */
function mostRelevantAsset(store: Store, query: string): GroundingAsset | undefined {
  const keywords = queryKeywords(query)
  if (keywords.length === 0) return undefined
  let best: { found: GroundingAsset; score: number } | undefined
  for (const asset of store.all('asset')) {
    const original = store.get('format', asset.original)
    const code = original?.fragment?.string?.raw ?? original?.file?.string?.raw
    const score = 2 * keywordOverlap(keywords, [asset.name]) + keywordOverlap(keywords, [code])
    if (score >= RELEVANT_SCORE && score > (best?.score ?? 0)) best = { found: { asset, original }, score }
  }
  return best?.found
}

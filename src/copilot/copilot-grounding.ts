import type { CopilotGrounding } from '../domain/copilot/copilot-answer.js'
import type { Store } from '../store/create-store.js'
import type { CopilotQuestion } from '../domain/inputs/copilot-inputs.js'

/**
 * The records a question names, read from the store: its assets (with
 * their original formats) and messages. Ids the store does not hold are
 * left out, as the real service skips seeds it cannot find.
 *
 * @example
 * composeAnswer(question.query, groundingOf(store, question), seed)
 */
export function groundingOf(store: Store, question: CopilotQuestion): CopilotGrounding {
  const assets = question.assetIds.flatMap((id) => {
    const asset = store.get('asset', id)
    return asset ? [{ asset, original: store.get('format', asset.original) }] : []
  })
  const messages = question.messageIds.flatMap((id) => {
    const message = store.get('message', id)
    return message ? [message] : []
  })
  return { assets, messages }
}

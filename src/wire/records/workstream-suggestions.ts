import type { SuggestedIds } from '../../domain/machine/os-parts/suggestions-part.js'

/**
 * What the workstream suggests as the wire WorkstreamSuggestions: one
 * suggestion per record (a summary, an asset or a conversation, referenced by
 * id), summaries first, and the types it holds.
 *
 * @example
 * buildWorkstreamSuggestions(suggestedIds(store)).iterable[0] // { summary: { id: 'ws-1' } }
 */
export function buildWorkstreamSuggestions(ids: SuggestedIds) {
  return {
    iterable: [
      ...ids.summaries.map((id) => ({ summary: { id } })),
      ...ids.assets.map((id) => ({ asset: { id } })),
      ...ids.conversations.map((id) => ({ conversation: { id } })),
    ],
    types: [
      {
        summary: ids.summaries.length > 0,
        asset: ids.assets.length > 0,
        conversation: ids.conversations.length > 0,
      },
    ],
  }
}

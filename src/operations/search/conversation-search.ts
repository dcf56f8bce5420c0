import { matchText, rankMatches, type TextSearch } from '../../domain/search.js'
import type { MessageRecord } from '../../store/schemas/schemas.js'
import type { WireContext } from '../../wire/wire-types.js'
import { defineOperation, json, type Operation, type OperationContext } from '../define/define-operation.js'
import { readRecord, requireBody } from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { searchInput, textSearchOf } from '../../domain/inputs/search-inputs.js'

/** The SearchInput of a request, as a text search. */
function searchOf(context: OperationContext): TextSearch {
  requireBody(context.request.body, 'SearchInput')
  return textSearchOf(parseBody(searchInput, context.request.body, 'SearchInput'))
}

const messageText = (message: MessageRecord) => [message.fragment?.string?.raw]

/** Messages that match a search, best first, as SearchedConversationMessages. */
function searchedMessages(wire: WireContext, messages: Iterable<MessageRecord>, search: TextSearch) {
  return {
    iterable: rankMatches(messages, messageText, search).map(({ record, match }) => ({
      message: wire.render('message', record),
      exact: match.exact,
      similarity: match.similarity,
      identifier: record.id,
    })),
  }
}

/**
 * The conversation and message searches: `POST /conversations/search` (over
 * names and the text of messages, each conversation with the messages that
 * matched), `POST /messages/search` (over every message's text) and
 * `POST /conversation/{conversation}/search` (over one conversation's messages).
 *
 * @example
 * routeTable() // holds these
 */
export const conversationSearchOperations: readonly Operation[] = [
  defineOperation({
    id: 'searchConversations',
    method: 'POST',
    paths: ['/conversations/search'],
    params: {},
    run(context) {
      const search = searchOf(context)
      const wire = wireContext(context)
      const store = context.store
      const found = []
      for (const conversation of store.all('conversation')) {
        const messages = conversation.messages.flatMap((id) => store.get('message', id) ?? [])
        const byName = matchText([conversation.name], search)
        const byMessages = searchedMessages(wire, messages, search)
        const best = byMessages.iterable[0]
        if (!byName && !best) continue
        const similarity = Math.max(byName?.similarity ?? 0, best?.similarity ?? 0)
        found.push({
          conversation: wire.render('conversation', conversation),
          ...(byMessages.iterable.length > 0 && { messages: byMessages }),
          exact: (byName?.exact ?? false) || (best?.exact ?? false),
          similarity,
          identifier: conversation.id,
        })
      }
      found.sort((a, b) => Number(b.exact) - Number(a.exact) || b.similarity - a.similarity)
      return json({ iterable: found })
    },
  }),
  defineOperation({
    id: 'searchMessages',
    method: 'POST',
    paths: ['/messages/search'],
    params: {},
    run(context) {
      const search = searchOf(context)
      return json(searchedMessages(wireContext(context), context.store.all('message'), search))
    },
  }),
  defineOperation({
    id: 'searchConversationSpecificMessages',
    method: 'POST',
    paths: ['/conversation/:conversation/search'],
    params: { conversation: 'conversation' },
    run(context) {
      const conversation = readRecord(context, 'conversation', 'conversation')
      const search = searchOf(context)
      const messages = conversation.messages.flatMap((id) => context.store.get('message', id) ?? [])
      return json(searchedMessages(wireContext(context), messages, search))
    },
  }),
]

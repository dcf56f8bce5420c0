import { streamedList } from '../../wire/json/streamed-collection.js'
import { appendMessage, updateMessage } from '../../domain/message-writes.js'
import { seededMessageInput } from '../../domain/inputs/seeds.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { deleteOperation, requireBody, snapshotOperation } from '../define/record-routes.js'
import { messageUpdateInput } from '../../domain/inputs/record-update-inputs.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { mostRecentFirstInTurns } from '../../store/most-recent-first.js'

/**
 * The message's own routes (ConversationMessageApi and
 * ConversationMessagesApi): add a message to a conversation, read, edit and
 * delete it, and list them all (their search is with the conversations'). A chat screen adds each turn
 * with `POST /messages/create`.
 *
 * @example
 * routeTable() // holds these
 */
export const messagesOperations: readonly Operation[] = [
  defineOperation({
    id: 'messagesCreateSpecificMessage',
    method: 'POST',
    paths: ['/messages/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededConversationMessage')
      const seed = parseBody(seededMessageInput, context.request.body, 'SeededConversationMessage')
      const wire = wireContext(context)
      const message = await context.store.write((tx) => appendMessage(tx, seed))
      return json(wire.render('message', message))
    },
  }),
  snapshotOperation({
    id: 'messageSpecificMessageSnapshot',
    paths: ['/message/:message'],
    param: 'message',
    kind: 'message',
    gone: 'Message was not found.',
  }),
  defineOperation({
    id: 'messageSpecificMessageUpdate',
    method: 'POST',
    paths: ['/message/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'ConversationMessage')
      const input = parseBody(messageUpdateInput, context.request.body, 'ConversationMessage')
      const wire = wireContext(context)
      const message = await context.store.write((tx) =>
        updateMessage(tx, input.id, {
          role: input.role,
          ...(input.fragment && { fragment: input.fragment }),
          ...(input.sentiment && { sentiment: input.sentiment }),
          ...(input.score && { score: input.score }),
        }),
      )
      return json(wire.render('message', message))
    },
  }),
  defineOperation({
    id: 'messageUpdateValue',
    method: 'POST',
    paths: ['/message/update/value'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'ConversationMessage')
      const input = parseBody(messageUpdateInput, context.request.body, 'ConversationMessage')
      const wire = wireContext(context)
      // Only the text changes here; the rest of the message stays as stored.
      const message = await context.store.write((tx) =>
        updateMessage(tx, input.id, input.fragment ? { fragment: input.fragment } : {}),
      )
      return json(wire.render('message', message))
    },
  }),
  deleteOperation({
    id: 'messagesDeleteSpecificMessage',
    paths: ['/messages/:message/delete'],
    param: 'message',
    kind: 'message',
  }),
  defineOperation({
    id: 'messagesSnapshot',
    method: 'GET',
    paths: ['/messages'],
    params: {},
    async run(context) {
      const wire = wireContext(context)
      return json(
        streamedList(await mostRecentFirstInTurns(context.store.all('message')), (message) =>
          wire.render('message', message),
        ),
      )
    },
  }),
]

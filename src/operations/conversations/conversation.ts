import { goneOnRefusal, MockServiceError } from '../../errors.js'
import { deriveConversationName, summarizeMessages } from '../../domain/conversation-text.js'
import { incrementScore } from '../../domain/score.js'
import { defineOperation, json, noContent, type Operation, type OperationContext } from '../define/define-operation.js'
import { parseBody, pathId, wireContext } from '../define/request-input.js'
import { presentRecords, readRecord } from '../define/record-routes.js'
import type { MessageRecord } from '../../store/schemas/schemas.js'
import { streamedRecords } from '../../wire/json/streamed-collection.js'
import {
  conversationSummarizeInput,
  conversationUpdateInput,
  seededScoreIncrementInput,
} from '../../domain/inputs/conversation-inputs.js'

/** The conversation of a read, or 410 "Conversation not found." when there is none. */
function readConversation(context: OperationContext, id: string) {
  const conversation = context.store.get('conversation', id)
  if (!conversation) throw new MockServiceError('GONE', 'Conversation not found.')
  return conversation
}

/**
 * The `/conversation/{conversation}` routes (spec §4.2): read, update, rename,
 * messages, summarize and score increments.
 *
 * @example
 * routeTable() // holds these
 */
export const conversationOperations: readonly Operation[] = [
  defineOperation({
    id: 'conversationGetSpecificConversation',
    method: 'GET',
    paths: ['/conversation/:conversation'],
    params: { conversation: 'conversation' },
    run(context) {
      return goneOnRefusal(() => {
        const wire = wireContext(context)
        return json(wire.render('conversation', readConversation(context, pathId(context, 'conversation'))))
      })
    },
  }),
  defineOperation({
    id: 'conversationUpdate',
    method: 'POST',
    paths: ['/conversation/update'],
    params: {},
    async run(context) {
      const wire = wireContext(context)
      if (context.request.body === undefined) {
        throw new MockServiceError(
          'INVALID_REQUEST',
          'Invalid Conversation body: a body is required to update a conversation.',
        )
      }
      const input = parseBody(conversationUpdateInput, context.request.body, 'Conversation')
      const updated = await context.store.write((tx) =>
        tx.update('conversation', input.id, (draft) => {
          draft.type = input.type
          if (input.name !== undefined) {
            if (input.name === null) delete draft.name
            else draft.name = input.name
          }
          if (input.favorited != null) draft.favorited = input.favorited
          if (input.application) draft.application = input.application
          if (input.model) draft.model = input.model.id
          if (input.pipeline) draft.pipeline = input.pipeline
          if (input.demo !== undefined) draft.demo = input.demo
          if (input.score) draft.score = input.score
        }),
      )
      return json(wire.render('conversation', updated))
    },
  }),
  defineOperation({
    id: 'conversationSpecificConversationRename',
    method: 'POST',
    paths: ['/conversation/:conversation/rename'],
    params: { conversation: 'conversation' },
    body: 'none',
    async run(context) {
      const id = pathId(context, 'conversation')
      const wire = wireContext(context)
      const renamed = await context.store.write((tx) => {
        const conversation = tx.require('conversation', id)
        const messages = conversation.messages
          .map((messageId) => tx.get('message', messageId))
          .filter((message): message is MessageRecord => message !== undefined)
        // A conversation with nothing to name it after keeps the name it was given.
        const name = deriveConversationName(messages, conversation.name ?? 'New Conversation')
        return tx.update('conversation', id, (draft) => {
          draft.name = name
        })
      })
      return json(wire.render('conversation', renamed))
    },
  }),
  defineOperation({
    id: 'conversationSpecificConversationMessages',
    method: 'GET',
    paths: ['/conversation/:conversation/messages'],
    params: { conversation: 'conversation' },
    run(context) {
      const wire = wireContext(context)
      const conversation = readRecord(context, 'conversation', 'conversation')
      const id = conversation.id
      const messages = presentRecords(context, 'message', conversation.messages)
      const removed = wire.removedLinks('conversation', id, 'messages')
      return json(streamedRecords(messages, (message) => wire.render('message', message), removed))
    },
  }),
  defineOperation({
    id: 'conversationSummarize',
    method: 'POST',
    paths: ['/conversation/:conversation/summarize'],
    params: { conversation: 'conversation' },
    async run(context) {
      const id = pathId(context, 'conversation')
      const input = parseBody(conversationSummarizeInput, context.request.body, 'ConversationSummarizeInput')
      const annotation = await context.store.write((tx) => {
        const conversation = tx.require('conversation', id)
        const messageIds = input?.messages ? input.messages.iterable.map((m) => m.id) : conversation.messages
        const messages = messageIds.map((messageId) => {
          const message = tx.require('message', messageId)
          if (message.conversation !== id) {
            throw new MockServiceError(
              'INVALID_REQUEST',
              `Message "${messageId}" does not belong to conversation "${id}".`,
            )
          }
          return message
        })
        const now = tx.timestamp()
        const created = tx.insert('annotation', {
          id: tx.id(),
          type: 'SUMMARY',
          text: summarizeMessages(conversation.name ?? 'New Conversation', messages),
          created: now,
          updated: now,
        })
        tx.link('conversation', id, 'annotations', created.id)
        return created
      })
      return json({ conversation: { id }, annotation: { id: annotation.id } })
    },
  }),
  defineOperation({
    id: 'conversationScoresIncrement',
    method: 'POST',
    paths: ['/conversation/:conversation/scores/increment'],
    params: { conversation: 'conversation' },
    async run(context) {
      const id = pathId(context, 'conversation')
      const input = parseBody(seededScoreIncrementInput, context.request.body, 'SeededScoreIncrement')
      await context.store.write((tx) =>
        tx.update('conversation', id, (draft) => {
          draft.score = incrementScore(incrementScore(draft.score, input?.conversation), input?.conversations)
        }),
      )
      return noContent()
    },
  }),
]

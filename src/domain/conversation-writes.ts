import type { z } from 'zod'
import type { seededConversationInput } from './inputs/seeds.js'
import type { Transaction } from '../store/transaction/transaction.js'
import type { ConversationRecord } from '../store/schemas/schemas.js'
import { createAnchor, createAnnotation } from './record-writes.js'
import { linkSeededMessage } from './message-writes.js'

export type SeededConversationInput = z.output<typeof seededConversationInput>

/** Inserts a conversation's seeded messages (its id given ahead), with their links; their ids in order. */
function insertMessages(tx: Transaction, conversation: string, seed: SeededConversationInput): string[] {
  const now = tx.timestamp()
  return (seed.messages ?? []).map((message) => {
    // The seed's timestamp is already in the service's form (read by the timestamp schema).
    const created = message.created?.value ?? now
    const inserted = tx.insert('message', {
      id: tx.id(),
      conversation,
      role: message.role,
      fragment: message.fragment,
      created,
      updated: created,
      ...(message.sentiment && { sentiment: message.sentiment }),
    })
    linkSeededMessage(tx, inserted.id, message)
    return inserted.id
  })
}

/**
 * Creates a conversation from a SeededConversation inside a transaction:
 * its messages, annotations and anchors become records linked to it (each
 * with the links its own seed names, as its own create route makes it), and
 * its assets and websites (which must exist) are linked on both sides.
 *
 * @example
 * const conversation = await store.write((tx) => createConversation(tx, { type: 'COPILOT' }))
 */
export function createConversation(tx: Transaction, seed: SeededConversationInput): ConversationRecord {
  const now = tx.timestamp()
  const id = tx.id()
  // Messages first, so the conversation is inserted once, with their ids.
  const messageIds = insertMessages(tx, id, seed)
  // Built from the SeededConversation its route validated, so it is not parsed again.
  const conversation = tx.insertBuilt('conversation', {
    id,
    type: seed.type,
    created: now,
    updated: now,
    favorited: seed.favorited ?? false,
    // Left out when empty, so the record shares the schema's empty list.
    ...(messageIds.length > 0 && { messages: messageIds }),
    ...(seed.name != null && { name: seed.name }),
    ...(seed.application && { application: seed.application }),
    ...(seed.model && { model: seed.model.id }),
    ...(seed.pipeline && { pipeline: seed.pipeline }),
    ...(seed.demo !== undefined && { demo: seed.demo }),
  })
  for (const annotation of seed.annotations ?? []) createAnnotation(tx, { ...annotation, conversation: id })
  for (const anchor of seed.anchors ?? []) createAnchor(tx, { ...anchor, conversation: id })
  for (const asset of seed.assets?.iterable ?? []) tx.link('conversation', conversation.id, 'assets', asset.id)
  for (const website of seed.websites?.iterable ?? []) {
    tx.link('conversation', conversation.id, 'websites', website.id)
  }
  return tx.require('conversation', conversation.id)
}

/**
 * Deletes a conversation with its messages and the annotations that belong
 * to it alone; every other record loses its links to them.
 *
 * @example
 * await store.write((tx) => deleteConversation(tx, id))
 */
export function deleteConversation(tx: Transaction, id: string): void {
  const conversation = tx.require('conversation', id)
  for (const messageId of conversation.messages) {
    if (tx.get('message', messageId)) tx.remove('message', messageId)
  }
  for (const annotationId of conversation.annotations) {
    const annotation = tx.get('annotation', annotationId)
    if (annotation && annotation.asset === undefined) tx.remove('annotation', annotationId)
  }
  tx.remove('conversation', id)
}

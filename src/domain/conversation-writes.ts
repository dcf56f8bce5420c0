import type { z } from 'zod'
import type { seededConversationInput } from './inputs/seeds.js'
import type { Transaction } from '../store/transaction/transaction.js'
import type { ConversationRecord } from '../store/schemas/schemas.js'

export type SeededConversationInput = z.output<typeof seededConversationInput>

/**
 * Creates a conversation from a SeededConversation inside a transaction:
 * its messages, annotations and anchors become records linked to it, and its
 * assets and websites (which must exist) are linked on both sides.
 *
 * @example
 * const conversation = await store.write((tx) => createConversation(tx, { type: 'COPILOT' }))
 */
export function createConversation(tx: Transaction, seed: SeededConversationInput): ConversationRecord {
  const now = tx.timestamp()
  const id = tx.id()
  // Messages and annotations first, so the conversation is inserted once, with their ids.
  const messageIds: string[] = []
  for (const message of seed.messages ?? []) {
    const created = message.created?.value ?? now
    const inserted = tx.insert('message', {
      id: tx.id(),
      conversation: id,
      role: message.role,
      fragment: message.fragment,
      created,
      updated: created,
      ...(message.sentiment && { sentiment: message.sentiment }),
    })
    messageIds.push(inserted.id)
  }
  const annotationIds: string[] = []
  for (const annotation of seed.annotations ?? []) {
    const inserted = tx.insert('annotation', {
      id: tx.id(),
      type: annotation.type,
      text: annotation.text,
      conversation: id,
      created: now,
      updated: now,
      ...(annotation.favorited !== undefined && { favorited: annotation.favorited }),
    })
    annotationIds.push(inserted.id)
  }
  // Built from the SeededConversation its route validated, so it is not parsed again.
  const conversation = tx.insertBuilt('conversation', {
    id,
    type: seed.type,
    created: now,
    updated: now,
    favorited: seed.favorited ?? false,
    // Left out when empty, so the record shares the schema's empty list.
    ...(messageIds.length > 0 && { messages: messageIds }),
    ...(annotationIds.length > 0 && { annotations: annotationIds }),
    ...(seed.name != null && { name: seed.name }),
    ...(seed.application && { application: seed.application }),
    ...(seed.model && { model: seed.model.id }),
    ...(seed.pipeline && { pipeline: seed.pipeline }),
    ...(seed.demo !== undefined && { demo: seed.demo }),
  })
  for (const anchor of seed.anchors ?? []) {
    const created = tx.insert('anchor', {
      id: tx.id(),
      type: anchor.type,
      fullpath: anchor.fullpath,
      created: now,
      updated: now,
      ...(anchor.name !== undefined && { name: anchor.name }),
      ...(anchor.watch !== undefined && { watch: anchor.watch }),
    })
    tx.link('conversation', conversation.id, 'anchors', created.id)
  }
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

import type { z } from 'zod'
import { MockServiceError } from '../errors.js'
import type { MessageRecord, ScoreRecord } from '../store/schemas/schemas.js'
import type { Transaction } from '../store/transaction/transaction.js'
import type { seededMessageInput } from './inputs/seeds.js'

export type SeededMessageInput = z.output<typeof seededMessageInput>

/** The links a SeededConversationMessage may name, by the message's field that holds them. */
const SEEDED_LINKS = ['assets', 'anchors', 'tags', 'ranges', 'summaries', 'messages'] as const

/**
 * Adds a message to the end of its conversation: the conversation lists it
 * last (its `indices` keep their order), its `updated` moves, and the records
 * the seed names are linked both ways. The conversation must exist.
 *
 * @example
 * const message = await store.write((tx) => appendMessage(tx, { conversation: { id }, role: 'USER', fragment: { string: { raw: 'Hi' } } }))
 */
export function appendMessage(tx: Transaction, seed: SeededMessageInput): MessageRecord {
  const conversationId = seed.conversation?.id
  if (conversationId === undefined) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      'Invalid SeededConversationMessage body: conversation: a message belongs to a conversation; give its id.',
    )
  }
  tx.require('conversation', conversationId)
  const created = seed.created?.value ?? tx.timestamp()
  const message = tx.insert('message', {
    id: tx.id(),
    conversation: conversationId,
    role: seed.role,
    fragment: seed.fragment,
    created,
    updated: created,
    ...(seed.sentiment && { sentiment: seed.sentiment }),
  })
  tx.link('conversation', conversationId, 'messages', message.id)
  linkSeededMessage(tx, message.id, seed)
  return tx.require('message', message.id)
}

/**
 * Links a new message both ways to the records its seed names (assets,
 * anchors, tags, ranges, summaries, messages, workstream events), which must exist.
 *
 * @example
 * linkSeededMessage(tx, message.id, { assets: { iterable: [{ id: assetId }] } })
 */
export function linkSeededMessage(
  tx: Transaction,
  id: string,
  seed: Pick<SeededMessageInput, (typeof SEEDED_LINKS)[number] | 'workstream_events'>,
): void {
  for (const field of SEEDED_LINKS) {
    for (const linked of seed[field]?.iterable ?? []) tx.link('message', id, field, linked.id)
  }
  for (const event of seed.workstream_events?.iterable ?? []) tx.link('workstreamEvent', event.id, 'messages', id)
}

/** What a message update may change. */
export interface MessageChange {
  readonly role?: MessageRecord['role']
  readonly fragment?: MessageRecord['fragment']
  readonly sentiment?: MessageRecord['sentiment']
  readonly score?: ScoreRecord
}

/**
 * Changes a message's role, text, sentiment or score; its conversation's
 * `updated` moves with it, so the conversation's stream tells clients to read it again.
 *
 * @example
 * await store.write((tx) => updateMessage(tx, id, { fragment: { string: { raw: 'Edited' } } }))
 */
export function updateMessage(tx: Transaction, id: string, change: MessageChange): MessageRecord {
  const message = tx.update('message', id, (draft) => {
    if (change.role) draft.role = change.role
    if (change.fragment) draft.fragment = change.fragment
    if (change.sentiment) draft.sentiment = change.sentiment
    if (change.score) draft.score = change.score
  })
  if (tx.get('conversation', message.conversation)) tx.touch('conversation', message.conversation)
  return message
}

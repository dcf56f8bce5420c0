import type { AnnotationRecord, AssetRecord, ConversationRecord, MessageRecord } from '../store/schemas/schemas.js'
import { sharedEmptyIds, sharedZeroScore } from '../store/schemas/shared-defaults.js'
import type { Pools } from './generate-pools.js'
import { annotationLinks, flat, link, maybeLink } from './generated-links.js'
import type { Context } from './generation-context.js'
import { CONVERSATION_NAMES, FOLLOW_UP_QUESTIONS, LANGUAGES, OPENING_QUESTIONS, answer } from './word-lists.js'
import { SECOND } from './seeded-sources.js'

type Language = (typeof LANGUAGES)[number]
type Names = ReturnType<Context['words']['names']>

/**
 * Creates `count` conversations of alternating user and assistant messages, maybe summarized and linked.
 *
 * @example
 * const { conversations, messages } = createConversations(context, 50, pools, assets, annotations)
 */
export function createConversations(
  context: Context,
  count: number,
  pools: Pools,
  assets: AssetRecord[],
  annotations: AnnotationRecord[],
): { conversations: ConversationRecord[]; messages: MessageRecord[] } {
  const { random } = context
  const conversations: ConversationRecord[] = []
  const messages: MessageRecord[] = []
  for (let i = 0; i < count; i++) {
    const language = random.pick(LANGUAGES)
    const names = context.words.names()
    const conversationId = context.uuid()
    const started = context.moment()
    const conversation = conversationOf(context, conversationId, names, language, started)
    let at = addMessages(context, conversation, names, language, started, messages)
    if (random.chance(0.1)) {
      at += random.int(1, 60) * SECOND
      annotations.push(summarize(context, conversation, names, language, at))
    }
    linkConversation(context, conversation, pools, assets)
    conversations.push(conversation)
    context.advance()
  }
  return { conversations, messages }
}

function conversationOf(
  context: Context,
  id: string,
  names: Names,
  language: Language,
  at: number,
): ConversationRecord {
  const { random } = context
  const created = context.iso(at)
  return {
    id,
    name: flat(random.pick(CONVERSATION_NAMES)(names, language.label)),
    type: 'COPILOT',
    created,
    updated: created,
    favorited: random.chance(0.1),
    messages: [],
    annotations: [],
    assets: [],
    websites: [],
    anchors: [],
    summaries: [],
    groundingMessages: [],
    groundingRanges: [],
    groundingSources: sharedEmptyIds(),
    score: { manual: 0, automatic: random.int(0, 10) },
  }
}

/** Adds the conversation's messages, a few seconds to minutes apart; returns the instant of the last. */
function addMessages(
  context: Context,
  conversation: ConversationRecord,
  names: Names,
  language: Language,
  started: number,
  messages: MessageRecord[],
): number {
  const { random } = context
  let at = started
  for (let m = 0, length = random.int(...context.messageRange); m < length; m++) {
    at += random.int(5, 600) * SECOND
    const stamp = context.iso(at)
    const fromUser = m % 2 === 0
    const message = messageOf(context.uuid(), conversation.id, fromUser, stamp)
    const text = fromUser
      ? random.pick(m === 0 ? OPENING_QUESTIONS : FOLLOW_UP_QUESTIONS)(names, language.label)
      : answer(random, language, names)
    message.fragment = { string: { raw: flat(text) } }
    if (!fromUser && random.chance(0.1)) message.sentiment = random.chance(0.8) ? 'LIKE' : 'DISLIKE'
    messages.push(message)
    conversation.messages.push(message.id)
    conversation.updated = stamp
  }
  return at
}

function messageOf(id: string, conversation: string, fromUser: boolean, stamp: string): MessageRecord {
  return {
    id,
    conversation,
    role: fromUser ? 'USER' : 'ASSISTANT',
    fragment: { string: { raw: '' } },
    created: stamp,
    updated: stamp,
    score: sharedZeroScore(),
    assets: sharedEmptyIds(),
    anchors: sharedEmptyIds(),
    annotations: sharedEmptyIds(),
    tags: sharedEmptyIds(),
    websites: sharedEmptyIds(),
    ranges: sharedEmptyIds(),
    summaries: sharedEmptyIds(),
    messages: sharedEmptyIds(),
    persons: sharedEmptyIds(),
    workstreamEvents: sharedEmptyIds(),
    sources: sharedEmptyIds(),
  }
}

/** A summary annotation of the conversation at `at`, which becomes its last update. */
function summarize(
  context: Context,
  conversation: ConversationRecord,
  names: Names,
  language: Language,
  at: number,
): AnnotationRecord {
  const annotationId = context.uuid()
  const stamp = context.iso(at)
  conversation.annotations.push(annotationId)
  conversation.updated = stamp
  return {
    id: annotationId,
    type: 'SUMMARY',
    text: flat(
      `Discussed how to ${names.verb} ${names.plural} in ${language.label}, ending with a working \`${names.fn}\`.`,
    ),
    created: stamp,
    updated: stamp,
    conversation: conversation.id,
    ...annotationLinks(),
  }
}

/** Links the conversation to some assets, maybe a website, an anchor, a workstream summary and a range. */
function linkConversation(
  context: Context,
  conversation: ConversationRecord,
  pools: Pools,
  assets: AssetRecord[],
): void {
  const { random } = context
  const id = conversation.id
  if (assets.length > 0 && random.chance(1 / 3)) {
    for (const asset of random.distinct(assets, random.int(1, 3)))
      link(conversation.assets, asset.id, asset.conversations, id)
  }
  maybeLink(random, 0.15, pools.websites, conversation.websites, 'conversations', id)
  maybeLink(random, 0.15, pools.anchors, conversation.anchors, 'conversations', id)
  maybeLink(random, 0.1, pools.summaries, conversation.summaries, 'conversations', id)
  maybeLink(random, 0.1, pools.ranges, conversation.groundingRanges, 'conversations', id)
}

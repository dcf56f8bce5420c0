import type { Annotation, Conversation, ConversationMessage, Score } from '@pieces.app/pieces-os-client'
import { cloneRecord } from '../../store/schemas/parse-record.js'
import type { AnnotationRecord, ConversationRecord, MessageRecord, ScoreRecord } from '../../store/schemas/schemas.js'
import { linkedLists, newLinks, toFlattened } from '../flattened.js'
import type { Wire, WireContext } from '../wire-types.js'

/** The link lists of a message, each a flattened collection under the same key on the wire. */
const MESSAGE_LINKS = [
  'assets',
  'anchors',
  'annotations',
  'tags',
  'websites',
  'ranges',
  'summaries',
  'messages',
  'sources',
] as const
/** The link lists of an annotation besides its one asset or conversation. */
const ANNOTATION_LINKS = ['anchors', 'messages', 'tags', 'websites', 'summaries'] as const

/** A stored score as the wire Score (all counters present). */
export function toScore(score: ScoreRecord): Wire<Score> {
  return { ...score }
}

/**
 * A stored conversation as the wire Conversation: collections as references
 * with `indices`, grounding under `grounding.messages` and
 * `grounding.temporal.workstreams`.
 *
 * @example
 * wire.render('conversation', store.get('conversation', id)!)
 */
export function buildConversation(record: ConversationRecord, context: WireContext): Wire<Conversation> {
  const removed = (field: string) => context.removedLinks('conversation', record.id, field)
  const conversation: Wire<Conversation> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    type: record.type,
    favorited: record.favorited,
    messages: toFlattened(record.messages, removed('messages')),
    annotations: toFlattened(record.annotations, removed('annotations')),
    assets: toFlattened(record.assets, removed('assets')),
    websites: toFlattened(record.websites, removed('websites')),
    anchors: toFlattened(record.anchors, removed('anchors')),
    summaries: toFlattened(record.summaries, removed('summaries')),
    grounding: {
      messages: toFlattened(record.groundingMessages, removed('groundingMessages')),
      temporal: { workstreams: toFlattened(record.groundingRanges, removed('groundingRanges')) },
    },
    score: toScore(record.score),
  }
  // Left out while the conversation was never grounded in a source, as it answered before sources were kept.
  const sources = linkedLists(context, 'conversation', record, ['groundingSources'], { omitEmpty: true })
  if (sources.groundingSources) conversation.grounding!.sources = sources.groundingSources
  if (record.name !== undefined) conversation.name = record.name
  if (record.application) conversation.application = record.application as Wire<Conversation>['application']
  if (record.model !== undefined) conversation.model = { id: record.model }
  if (record.pipeline) conversation.pipeline = record.pipeline as Wire<Conversation>['pipeline']
  if (record.demo !== undefined) conversation.demo = record.demo
  return conversation
}

/**
 * A stored message as the wire ConversationMessage; `transferables: false`
 * leaves its fragment out.
 *
 * @example
 * wire.render('message', message)
 */
export function buildConversationMessage(record: MessageRecord, context: WireContext): Wire<ConversationMessage> {
  const message: Wire<ConversationMessage> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    conversation: { id: record.conversation },
    role: record.role,
    score: toScore(record.score),
    // Messages are many: a link list that never held anything is left out (the model's lists are optional).
    ...linkedLists(context, 'message', record, MESSAGE_LINKS, { omitEmpty: true }),
    ...newLinks(context, 'message', record),
  }
  if (context.transferables && record.fragment) message.fragment = cloneRecord(record.fragment)
  if (record.sentiment) message.sentiment = record.sentiment
  return message
}

/**
 * A stored annotation as the wire Annotation.
 *
 * @example
 * wire.render('annotation', annotation)
 */
export function buildAnnotation(record: AnnotationRecord, context: WireContext): Wire<Annotation> {
  const annotation: Wire<Annotation> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    type: record.type,
    text: record.text,
    score: toScore(record.score),
    ...linkedLists(context, 'annotation', record, ANNOTATION_LINKS),
    ...newLinks(context, 'annotation', record),
  }
  // The asset or conversation an annotation describes is its one owner; the client also reads it from the
  // lists, so an annotation linked from `asset.annotations` lists that asset in `assets` too.
  if (record.asset !== undefined) {
    annotation.asset = { id: record.asset }
    annotation.assets = toFlattened([record.asset])
  }
  if (record.conversation !== undefined) {
    annotation.conversation = { id: record.conversation }
    annotation.conversations = toFlattened([record.conversation])
  }
  if (record.favorited !== undefined) annotation.favorited = record.favorited
  return annotation
}

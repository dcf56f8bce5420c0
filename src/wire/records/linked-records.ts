import type { Anchor, Model, Range, Tag, Website, WorkstreamSummary } from '@pieces.app/pieces-os-client'
import type {
  AnchorRecord,
  RangeRecord,
  TagRecord,
  WebsiteRecord,
  WorkstreamSummaryRecord,
} from '../../store/schemas/schemas.js'
import { toScore } from './conversation.js'
import { collectionOf, linkedListAs, linkedLists, newLinks } from '../flattened.js'
import { sourcesOf, sourceWindowsOf } from './source-records.js'
import type { Wire, WireContext } from '../wire-types.js'

/**
 * A stored tag as the wire Tag.
 *
 * @example
 * wire.render('tag', store.get('tag', id)!)
 */
export function buildTag(record: TagRecord, context: WireContext): Wire<Tag> {
  return {
    id: record.id,
    text: record.text,
    category: record.category,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    score: toScore(record.score),
    ...linkedLists(context, 'tag', record, ['assets', 'anchors', 'annotations', 'messages', 'websites', 'summaries']),
    ...newLinks(context, 'tag', record),
    ...sourceWindowsOf(context, 'tag', record),
  }
}

/**
 * A stored website as the wire Website.
 *
 * @example
 * wire.render('website', store.get('website', id)!)
 */
export function buildWebsite(record: WebsiteRecord, context: WireContext): Wire<Website> {
  return {
    id: record.id,
    url: record.url,
    name: record.name,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    score: toScore(record.score),
    ...linkedLists(context, 'website', record, [
      'assets',
      'conversations',
      'annotations',
      'messages',
      'tags',
      'summaries',
    ]),
    ...newLinks(context, 'website', record),
    ...sourcesOf(context, 'website', record),
    ...sourceWindowsOf(context, 'website', record),
  }
}

/**
 * A stored anchor as the wire Anchor, its points (AnchorPoint records) as
 * references to their flattened forms.
 *
 * @example
 * wire.render('anchor', store.get('anchor', id)!)
 */
export function buildAnchor(record: AnchorRecord, context: WireContext): Wire<Anchor> {
  const anchor: Wire<Anchor> = {
    id: record.id,
    type: record.type,
    points: anchorPoints(record, context),
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    score: toScore(record.score),
    ...linkedLists(context, 'anchor', record, [
      'assets',
      'conversations',
      'annotations',
      'messages',
      'tags',
      'summaries',
    ]),
    ...newLinks(context, 'anchor', record),
    ...sourcesOf(context, 'anchor', record),
  }
  if (record.name !== undefined) anchor.name = record.name
  if (record.watch !== undefined) anchor.watch = record.watch
  return anchor
}

/** An anchor's points, each a reference carrying the point's flattened form. */
function anchorPoints(record: AnchorRecord, context: WireContext): Wire<Anchor>['points'] {
  const removed = context.removedLinks('anchor', record.id, 'points')
  const points = record.points.flatMap((id) => {
    const point = context.get('anchorPoint', id)
    return point ? [point] : []
  })
  return collectionOf(points, (point) => ({ id: point.id, reference: context.render('anchorPoint', point) }), removed)
}

/**
 * A stored range as the wire Range.
 *
 * @example
 * wire.render('range', store.get('range', id)!)
 */
export function buildRange(record: RangeRecord, context: WireContext): Wire<Range> {
  const range: Wire<Range> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    score: toScore(record.score),
    ...linkedLists(context, 'range', record, ['conversations', 'messages', 'summaries']),
  }
  if (record.from !== undefined) range.from = context.timestamp(record.from)
  if (record.to !== undefined) range.to = context.timestamp(record.to)
  if (record.between !== undefined) range.between = record.between
  return range
}

/** The model the mock says wrote every workstream summary (the wire model requires a full Model). */
const SUMMARY_MODEL = {
  id: '00000000-0000-4000-8000-0000000000d1',
  version: '1.0.0',
  name: 'Mock Workstream Summarizer',
  cloud: false,
  type: 'BALANCED',
  usage: 'CODE_CONVERSATION',
} as const

/**
 * A stored workstream summary as the wire WorkstreamSummary.
 *
 * @example
 * wire.render('workstreamSummary', store.get('workstreamSummary', id)!)
 */
export function buildWorkstreamSummary(record: WorkstreamSummaryRecord, context: WireContext): Wire<WorkstreamSummary> {
  const model: Wire<Model> = { ...SUMMARY_MODEL, created: context.timestamp('2024-01-01T00:00:00.000Z') }
  const summary: Wire<WorkstreamSummary> = {
    id: record.id,
    name: record.name,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    model,
    score: toScore(record.score),
    ...linkedLists(context, 'workstreamSummary', record, [
      'assets',
      'conversations',
      'anchors',
      'annotations',
      'messages',
      'ranges',
      'tags',
      'websites',
    ]),
    ...linkedLists(context, 'workstreamSummary', record, ['persons'], { omitEmpty: true }),
    // A summary's events travel as `events`.
    ...linkedListAs(context, 'workstreamSummary', record, 'workstreamEvents', 'events', { omitEmpty: true }),
    ...sourcesOf(context, 'workstreamSummary', record),
  }
  if (record.favorited !== undefined) summary.favorited = record.favorited
  return summary
}

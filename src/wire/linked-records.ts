import type { Anchor, Model, Range, Tag, Website, WorkstreamSummary } from '@pieces.app/pieces-os-client'
import type { AnchorRecord, RangeRecord, TagRecord, WebsiteRecord, WorkstreamSummaryRecord } from '../store/schemas.js'
import { toFlattened } from './flattened.js'
import { toGroupedTimestamp } from './timestamp.js'
import { cachedWire, createWireCache } from './wire-cache.js'
import type { Wire, WireContext } from './wire-types.js'

const tags = createWireCache<TagRecord, Wire<Tag>>()
const websites = createWireCache<WebsiteRecord, Wire<Website>>()
const anchors = createWireCache<AnchorRecord, Wire<Anchor>>()
const ranges = createWireCache<RangeRecord, Wire<Range>>()
const summaries = createWireCache<WorkstreamSummaryRecord, Wire<WorkstreamSummary>>()

/**
 * A stored tag as the wire Tag.
 *
 * @example
 * toTag(store.get('tag', id)!, wire)
 */
export function toTag(record: TagRecord, context: WireContext): Wire<Tag> {
  return cachedWire(tags, record, undefined, context, (scoped) => buildTag(record, scoped))
}

function buildTag(record: TagRecord, context: WireContext): Wire<Tag> {
  return {
    id: record.id,
    text: record.text,
    category: record.category,
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
    assets: toFlattened(record.assets),
  }
}

/**
 * A stored website as the wire Website.
 *
 * @example
 * toWebsite(store.get('website', id)!, wire)
 */
export function toWebsite(record: WebsiteRecord, context: WireContext): Wire<Website> {
  return cachedWire(websites, record, undefined, context, (scoped) => buildWebsite(record, scoped))
}

function buildWebsite(record: WebsiteRecord, context: WireContext): Wire<Website> {
  return {
    id: record.id,
    url: record.url,
    name: record.name,
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
    assets: toFlattened(record.assets),
    conversations: toFlattened(record.conversations),
  }
}

/**
 * A stored anchor as the wire Anchor (its points are not modelled: an empty collection).
 *
 * @example
 * toAnchor(store.get('anchor', id)!, wire)
 */
export function toAnchor(record: AnchorRecord, context: WireContext): Wire<Anchor> {
  return cachedWire(anchors, record, undefined, context, (scoped) => buildAnchor(record, scoped))
}

function buildAnchor(record: AnchorRecord, context: WireContext): Wire<Anchor> {
  const anchor: Wire<Anchor> = {
    id: record.id,
    type: record.type,
    points: { iterable: [], indices: {} },
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
    assets: toFlattened(record.assets),
    conversations: toFlattened(record.conversations),
  }
  if (record.name !== undefined) anchor.name = record.name
  if (record.watch !== undefined) anchor.watch = record.watch
  return anchor
}

/**
 * A stored range as the wire Range.
 *
 * @example
 * toRange(store.get('range', id)!, wire)
 */
export function toRange(record: RangeRecord, context: WireContext): Wire<Range> {
  return cachedWire(ranges, record, undefined, context, (scoped) => buildRange(record, scoped))
}

function buildRange(record: RangeRecord, context: WireContext): Wire<Range> {
  const range: Wire<Range> = {
    id: record.id,
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
    conversations: toFlattened(record.conversations),
  }
  if (record.from !== undefined) range.from = toGroupedTimestamp(record.from, context)
  if (record.to !== undefined) range.to = toGroupedTimestamp(record.to, context)
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
 * toWorkstreamSummary(store.get('workstreamSummary', id)!, wire)
 */
export function toWorkstreamSummary(record: WorkstreamSummaryRecord, context: WireContext): Wire<WorkstreamSummary> {
  return cachedWire(summaries, record, undefined, context, (scoped) => buildWorkstreamSummary(record, scoped))
}

function buildWorkstreamSummary(record: WorkstreamSummaryRecord, context: WireContext): Wire<WorkstreamSummary> {
  const model: Wire<Model> = { ...SUMMARY_MODEL, created: toGroupedTimestamp('2024-01-01T00:00:00.000Z', context) }
  return {
    id: record.id,
    name: record.name,
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
    model,
    assets: toFlattened(record.assets),
    conversations: toFlattened(record.conversations),
  }
}

import type {
  Activity,
  Asset,
  FlattenedAsset,
  FlattenedFormat,
  Format,
} from '@pieces.app/pieces-os-client'
import type { ActivityRecord, AssetRecord, FormatRecord, RecordKind, RecordOf } from '../store/schemas.js'
import { toAnnotation, toConversation, toScore } from './conversation.js'
import { collectionOf } from './flattened.js'
import { toAnchor, toTag, toWebsite, toWorkstreamSummary } from './linked-records.js'
import { toGroupedTimestamp } from './timestamp.js'
import { cachedWire, createWireCache, type WireCache } from './wire-cache.js'
import type { Wire, WireContext } from './wire-types.js'

/** Reads linked records while an asset is serialized. */
export interface RecordLookup {
  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined
}

/** What an asset needs to become wire JSON: the records it links to. */
export interface AssetWireContext extends WireContext {
  readonly lookup: RecordLookup
  /** Include the asset's activities (`package_activities=true`). */
  readonly activities?: readonly ActivityRecord[]
}

const encoder = new TextEncoder()

const flattenedAssets = createWireCache<AssetRecord, Wire<FlattenedAsset>>()
/** By `transferables`: without fragments and files, then with them. */
const flattenedFormats = [createWireCache<FormatRecord, Wire<FlattenedFormat>>(), createWireCache<FormatRecord, Wire<FlattenedFormat>>()]
const formats: Array<WireCache<FormatRecord, Wire<Format>>> = [createWireCache(), createWireCache()]

/** The size of a format's payload as a ByteDescriptor. */
export function formatBytes(record: FormatRecord): { value: number; readable: string } {
  const text = record.fragment?.string?.raw ?? record.file?.string?.raw ?? ''
  const value = encoder.encode(text).length
  const readable =
    value < 1024 ? `${value} B` : value < 1024 * 1024 ? `${(value / 1024).toFixed(1)} KB` : `${(value / 1024 / 1024).toFixed(1)} MB`
  return { value, readable }
}

/**
 * An asset as the FlattenedAsset a Format carries: formats as references,
 * `original` and `preview.base` as id strings.
 */
export function toFlattenedAsset(record: AssetRecord, context: WireContext): Wire<FlattenedAsset> {
  return cachedWire(flattenedAssets, record, undefined, context, (scoped) => buildFlattenedAsset(record, scoped))
}

function buildFlattenedAsset(record: AssetRecord, context: WireContext): Wire<FlattenedAsset> {
  const flattened: Wire<FlattenedAsset> = {
    id: record.id,
    creator: record.creator,
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
    mechanism: record.mechanism,
    formats: { iterable: record.formats.map((id) => ({ id })) },
    preview: { base: record.preview.base, ...(record.preview.overlay && { overlay: record.preview.overlay }) },
    original: record.original,
  }
  if (record.name !== undefined) flattened.name = record.name
  return flattened
}

function formatFields(record: FormatRecord, context: WireContext) {
  const format = {
    id: record.id,
    creator: record.creator,
    classification: { ...record.classification },
    role: record.role,
    application: { ...record.application } as Wire<Format>['application'],
    bytes: formatBytes(record),
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
  } as Omit<Wire<Format>, 'asset'>
  if (context.transferables) {
    if (record.fragment) format.fragment = structuredClone(record.fragment)
    if (record.file) format.file = structuredClone(record.file)
  }
  return format
}

/**
 * A format as the FlattenedFormat of `original.reference` and `preview.base.reference`:
 * its `asset` is the asset's id.
 */
export function toFlattenedFormat(record: FormatRecord, context: WireContext): Wire<FlattenedFormat> {
  const cache = flattenedFormats[context.transferables ? 1 : 0]!
  return cachedWire(cache, record, undefined, context, (scoped) => ({ ...formatFields(record, scoped), asset: record.asset }))
}

/**
 * A format as the wire Format: its `asset` flattened; `transferables: false`
 * leaves `fragment` and `file` out.
 *
 * @example
 * toFormat(format, asset, wire)
 */
export function toFormat(record: FormatRecord, asset: AssetRecord, context: WireContext): Wire<Format> {
  const cache = formats[context.transferables ? 1 : 0]!
  return cachedWire(cache, record, asset, context, (scoped) => ({
    ...formatFields(record, scoped),
    asset: toFlattenedAsset(asset, scoped),
  }))
}

/**
 * An activity as the wire Activity.
 *
 * @example
 * toActivity(activity, { ...wire, lookup: store })
 */
export function toActivity(record: ActivityRecord, context: AssetWireContext): Wire<Activity> {
  const activity: Wire<Activity> = {
    id: record.id,
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
    event: structuredClone(record.event) as Wire<Activity>['event'],
    application: { ...record.application } as Wire<Activity>['application'],
    mechanism: record.mechanism,
  }
  const asset = context.lookup.get('asset', record.asset)
  if (asset) activity.asset = toFlattenedAsset(asset, context)
  const format = record.format === undefined ? undefined : context.lookup.get('format', record.format)
  if (format) activity.format = toFlattenedFormat(format, context)
  if (record.rank !== undefined) activity.rank = record.rank
  return activity
}

function present<K extends RecordKind>(lookup: RecordLookup, kind: K, ids: readonly string[]): RecordOf<K>[] {
  const records: RecordOf<K>[] = []
  for (const id of ids) {
    const record = lookup.get(kind, id)
    if (record) records.push(record)
  }
  return records
}

/**
 * A stored asset as the wire Asset: formats in full, `original` and
 * `preview.base` as `{id, reference}`, and its other collections as full records.
 *
 * @example
 * toAsset(store.get('asset', id)!, { ...wire, lookup: store })
 */
export function toAsset(record: AssetRecord, context: AssetWireContext): Wire<Asset> {
  const formats = present(context.lookup, 'format', record.formats)
  const reference = (id: string) => {
    const format = formats.find((candidate) => candidate.id === id)
    return format ? { id, reference: toFlattenedFormat(format, context) } : { id }
  }
  const asset: Wire<Asset> = {
    id: record.id,
    creator: record.creator,
    created: toGroupedTimestamp(record.created, context),
    updated: toGroupedTimestamp(record.updated, context),
    mechanism: record.mechanism,
    favorited: record.favorited,
    score: toScore(record.score),
    formats: { iterable: formats.map((format) => toFormat(format, record, context)) },
    original: reference(record.original),
    preview: {
      base: reference(record.preview.base),
      ...(record.preview.overlay && { overlay: reference(record.preview.overlay) }),
    },
    tags: collectionOf(present(context.lookup, 'tag', record.tags), (tag) => toTag(tag, context)),
    websites: collectionOf(present(context.lookup, 'website', record.websites), (w) => toWebsite(w, context)),
    annotations: collectionOf(present(context.lookup, 'annotation', record.annotations), (a) => toAnnotation(a, context)),
    conversations: collectionOf(present(context.lookup, 'conversation', record.conversations), (c) =>
      toConversation(c, context),
    ),
    summaries: collectionOf(present(context.lookup, 'workstreamSummary', record.summaries), (s) =>
      toWorkstreamSummary(s, context),
    ),
    anchors: collectionOf(present(context.lookup, 'anchor', record.anchors), (a) => toAnchor(a, context)),
  }
  if (record.name !== undefined) asset.name = record.name
  if (context.activities) asset.activities = { iterable: context.activities.map((a) => toActivity(a, context)) }
  return asset
}

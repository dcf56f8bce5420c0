import type { Activity, Asset, FlattenedAsset, FlattenedFormat, Format } from '@pieces.app/pieces-os-client'
import { cloneRecord } from '../../store/schemas/parse-record.js'
import type { ActivityRecord, AssetRecord, FormatRecord, RecordKind, RecordOf } from '../../store/schemas/schemas.js'
import { toScore } from './conversation.js'
import { collectionOf } from '../flattened.js'
import { utf8Length } from '../json/utf8-length.js'
import type { Wire, WireContext } from '../wire-types.js'

/** The size of a format's payload as a ByteDescriptor. */
function formatBytes(record: FormatRecord): { value: number; readable: string } {
  const text = record.fragment?.string?.raw ?? record.file?.string?.raw ?? ''
  const value = utf8Length(text)
  const readable =
    value < 1024
      ? `${value} B`
      : value < 1024 * 1024
        ? `${(value / 1024).toFixed(1)} KB`
        : `${(value / 1024 / 1024).toFixed(1)} MB`
  return { value, readable }
}

/**
 * An asset as the FlattenedAsset a Format carries: formats as references,
 * `original` and `preview.base` as id strings.
 *
 * @example
 * wire.render('flattenedAsset', asset)
 */
export function buildFlattenedAsset(record: AssetRecord, context: WireContext): Wire<FlattenedAsset> {
  const flattened: Wire<FlattenedAsset> = {
    id: record.id,
    creator: record.creator,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
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
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
  } as Omit<Wire<Format>, 'asset'>
  if (context.transferables) {
    // A copy of the objects that shares the (immutable) text: a 10 MiB fragment costs no 10 MiB copy.
    if (record.fragment) format.fragment = cloneRecord(record.fragment)
    if (record.file) format.file = cloneRecord(record.file)
  }
  return format
}

/**
 * A format as the FlattenedFormat of `original.reference` and `preview.base.reference`:
 * its `asset` is the asset's id.
 *
 * @example
 * wire.render('flattenedFormat', format)
 */
export function buildFlattenedFormat(record: FormatRecord, context: WireContext): Wire<FlattenedFormat> {
  return { ...formatFields(record, context), asset: record.asset }
}

/**
 * A format as the wire Format: its `asset` flattened; `transferables: false`
 * leaves `fragment` and `file` out.
 *
 * @example
 * wire.render('format', format)
 */
export function buildFormat(record: FormatRecord, context: WireContext): Wire<Format> {
  const asset = context.get('asset', record.asset)
  if (!asset) {
    throw new Error(
      `Failed to serialize the format "${record.id}": its asset "${record.asset}" is not stored. Delete formats with their asset.`,
    )
  }
  return { ...formatFields(record, context), asset: context.render('flattenedAsset', asset) }
}

/**
 * An activity as the wire Activity.
 *
 * @example
 * wire.render('activity', activity)
 */
export function buildActivity(record: ActivityRecord, context: WireContext): Wire<Activity> {
  const activity: Wire<Activity> = {
    id: record.id,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    event: cloneRecord(record.event) as Wire<Activity>['event'],
    application: { ...record.application } as Wire<Activity>['application'],
    mechanism: record.mechanism,
  }
  const asset = record.asset === undefined ? undefined : context.get('asset', record.asset)
  if (asset) activity.asset = context.render('flattenedAsset', asset)
  const format = record.format === undefined ? undefined : context.get('format', record.format)
  if (format) activity.format = context.render('flattenedFormat', format)
  if (record.rank !== undefined) activity.rank = record.rank
  return activity
}

function present<K extends RecordKind>(context: WireContext, kind: K, ids: readonly string[]): RecordOf<K>[] {
  const records: RecordOf<K>[] = []
  for (const id of ids) {
    const record = context.get(kind, id)
    if (record) records.push(record)
  }
  return records
}

/**
 * A stored asset as the wire Asset: formats in full, `original` and
 * `preview.base` as `{id, reference}`, and its other collections as full records.
 *
 * @example
 * wire.render('asset', store.get('asset', id)!)
 */
export function buildAsset(record: AssetRecord, context: WireContext): Wire<Asset> {
  const removed = (field: string) => context.removedLinks('asset', record.id, field)
  const formats = present(context, 'format', record.formats)
  const reference = (id: string) => {
    const format = formats.find((candidate) => candidate.id === id)
    return format ? { id, reference: context.render('flattenedFormat', format) } : { id }
  }
  const asset: Wire<Asset> = {
    id: record.id,
    creator: record.creator,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    mechanism: record.mechanism,
    favorited: record.favorited,
    score: toScore(record.score),
    formats: { iterable: formats.map((format) => context.render('format', format)) },
    original: reference(record.original),
    preview: {
      base: reference(record.preview.base),
      ...(record.preview.overlay && { overlay: reference(record.preview.overlay) }),
    },
    tags: collectionOf(present(context, 'tag', record.tags), (tag) => context.render('tag', tag), removed('tags')),
    websites: collectionOf(
      present(context, 'website', record.websites),
      (website) => context.render('website', website),
      removed('websites'),
    ),
    annotations: collectionOf(
      present(context, 'annotation', record.annotations),
      (annotation) => context.render('annotation', annotation),
      removed('annotations'),
    ),
    conversations: collectionOf(
      present(context, 'conversation', record.conversations),
      (conversation) => context.render('conversation', conversation),
      removed('conversations'),
    ),
    summaries: collectionOf(
      present(context, 'workstreamSummary', record.summaries),
      (summary) => context.render('workstreamSummary', summary),
      removed('summaries'),
    ),
    anchors: collectionOf(
      present(context, 'anchor', record.anchors),
      (anchor) => context.render('anchor', anchor),
      removed('anchors'),
    ),
    messages: collectionOf(
      present(context, 'message', record.messages),
      (message) => context.render('message', message),
      removed('messages'),
    ),
  }
  // Persons came after the other lists: left out while the asset never had one, so answers stay as they were.
  const removedPersons = removed('persons')
  if (record.persons.length > 0 || removedPersons?.size) {
    asset.persons = collectionOf(
      present(context, 'person', record.persons),
      (person) => context.render('person', person),
      removedPersons,
    )
  }
  if (record.name !== undefined) asset.name = record.name
  const hints = removed('hints')
  if (record.hints.length > 0 || hints?.size)
    asset.hints = collectionOf(present(context, 'hint', record.hints), (hint) => context.render('hint', hint), hints)
  if (record.sensitives.length > 0) {
    const sensitives = present(context, 'sensitive', record.sensitives)
    asset.sensitives = { iterable: sensitives.map((sensitive) => context.render('sensitive', sensitive)) }
  }
  if (record.shares.length > 0)
    asset.shares = { iterable: present(context, 'share', record.shares).map((share) => context.render('share', share)) }
  return asset
}

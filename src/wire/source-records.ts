import type {
  IdentifiedWorkstreamPatternEngineSource,
  WorkstreamPatternEngineSourceWindow,
} from '@pieces.app/pieces-os-client'
import type { RecordKind, SourceRecord, SourceWindowRecord } from '../store/schemas/schemas.js'
import { toScore } from './conversation.js'
import { linkedLists, toFlattened, type FlattenedIds } from './flattened.js'
import type { Wire, WireContext } from './wire-types.js'

/**
 * A stored workstream pattern-engine source as the wire
 * IdentifiedWorkstreamPatternEngineSource: its `raw` source, its readable
 * name, and the records it is linked to as references with `indices`
 * (`conversations` are the ones grounded in it).
 *
 * @example
 * wire.render('source', store.get('source', id)!)
 */
export function buildSource(record: SourceRecord, context: WireContext): Wire<IdentifiedWorkstreamPatternEngineSource> {
  const source: Wire<IdentifiedWorkstreamPatternEngineSource> = {
    id: record.id,
    raw: { ...record.raw },
    readable: record.readable,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    score: toScore(record.score),
    ...linkedLists(context, 'source', record, ['summaries', 'conversations', 'messages', 'websites', 'anchors']),
  }
  if (record.filter !== undefined) source.filter = record.filter
  if (record.accessibility) {
    source.accessibility = {
      supported: record.accessibility.supported,
      updated: context.timestamp(record.accessibility.updated),
    }
  }
  return source
}

/**
 * A stored source window as the wire WorkstreamPatternEngineSourceWindow:
 * its title and the websites and tags it is linked to.
 *
 * @example
 * wire.render('sourceWindow', store.get('sourceWindow', id)!)
 */
export function buildSourceWindow(
  record: SourceWindowRecord,
  context: WireContext,
): Wire<WorkstreamPatternEngineSourceWindow> {
  return {
    id: record.id,
    name: record.name,
    created: context.timestamp(record.created),
    updated: context.timestamp(record.updated),
    score: toScore(record.score),
    ...linkedLists(context, 'sourceWindow', record, ['websites', 'tags']),
  }
}

/**
 * A record's source windows under the client's wire key `source_windows`
 * (a website's, a tag's), with the ids it lost since the last restart as `-1`.
 *
 * @example
 * const website = { ...linkedLists(context, 'website', record, ['tags']), ...sourceWindowsOf(context, 'website', record) }
 */
export function sourceWindowsOf(
  context: WireContext,
  kind: RecordKind,
  record: { readonly id: string; readonly sourceWindows: readonly string[] },
): { source_windows: FlattenedIds } {
  return { source_windows: toFlattened(record.sourceWindows, context.removedLinks(kind, record.id, 'sourceWindows')) }
}

import type {
  IdentifiedWorkstreamPatternEngineSource,
  WorkstreamPatternEngineSourceWindow,
} from '@pieces.app/pieces-os-client'
import type { RecordKind, SourceRecord, SourceWindowRecord } from '../../store/schemas/schemas.js'
import { toScore } from './conversation.js'
import { linkedListAs, linkedLists, type FlattenedIds } from '../flattened.js'
import type { Wire, WireContext } from '../wire-types.js'

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
    ...linkedLists(context, 'source', record, [
      'summaries',
      'conversations',
      'messages',
      'websites',
      'anchors',
      'persons',
    ]),
    ...linkedListAs(context, 'source', record, 'workstreamEvents', 'workstream_events'),
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
 * its title and the websites, tags and workstream events it is linked to.
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
    ...linkedListAs(context, 'sourceWindow', record, 'workstreamEvents', 'workstream_events'),
  }
}

/**
 * A record's source windows under the client's wire key `source_windows`
 * (a website's, a tag's), with the ids it lost since the last restart as
 * `-1`; left out while the record never had one, so the kinds that answered
 * before windows were kept answer as they did until one is linked.
 *
 * @example
 * const website = { ...linkedLists(context, 'website', record, ['tags']), ...sourceWindowsOf(context, 'website', record) }
 */
export function sourceWindowsOf(
  context: WireContext,
  kind: RecordKind,
  record: { readonly id: string; readonly sourceWindows: readonly string[] },
): { source_windows?: FlattenedIds } {
  const windows = linkedLists(context, kind, record, ['sourceWindows'], { omitEmpty: true }).sourceWindows
  return windows ? { source_windows: windows } : {}
}

/**
 * A record's sources (a website's, an anchor's, a summary's), left out while
 * the record never had one, as {@link sourceWindowsOf} leaves windows out.
 *
 * @example
 * const anchor = { ...linkedLists(context, 'anchor', record, ['tags']), ...sourcesOf(context, 'anchor', record) }
 */
export function sourcesOf(
  context: WireContext,
  kind: RecordKind,
  record: { readonly id: string; readonly sources: readonly string[] },
): { sources?: FlattenedIds } {
  return linkedLists(context, kind, record, ['sources'], { omitEmpty: true })
}

import type { RecordKind, RecordOf, WorkstreamSummaryRecord } from '../store/schemas/schemas.js'
import type { Transaction } from '../store/transaction/transaction.js'
import { createAnnotation } from './record-writes.js'

/** What the summary text reads records through: a store, or a transaction. */
interface RecordReader {
  get<K extends RecordKind>(kind: K, id: string): RecordOf<K> | undefined
}

/** How many names of each kind the text lists before it says how many more there are. */
const NAMES_SHOWN = 5

function listed(label: string, names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined
  const shown = names.slice(0, NAMES_SHOWN).join(', ')
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : ''
  return `${names.length} ${label}${names.length === 1 ? '' : 's'} (${shown}${more})`
}

function namesOf<K extends RecordKind>(
  store: RecordReader,
  kind: K,
  ids: readonly string[],
  name: (record: RecordOf<K>) => string | undefined,
): string[] {
  return ids.flatMap((id) => {
    const record = store.get(kind, id)
    return record ? [name(record) ?? id] : []
  })
}

/**
 * The text the mock writes for a workstream summary, from the records linked
 * to it, in their link order: its assets, conversations, websites, anchors
 * and tags by name (five of each at most). The same links give the same text.
 *
 * @example
 * summaryText(store, summary) // 'Monday: 2 assets (debounce.ts, server.go); 1 tag (react).'
 */
export function summaryText(store: RecordReader, summary: WorkstreamSummaryRecord): string {
  const parts = [
    listed(
      'asset',
      namesOf(store, 'asset', summary.assets, (asset) => asset.name),
    ),
    listed(
      'conversation',
      namesOf(store, 'conversation', summary.conversations, (c) => c.name),
    ),
    listed(
      'website',
      namesOf(store, 'website', summary.websites, (website) => website.name || website.url),
    ),
    listed(
      'anchor',
      namesOf(store, 'anchor', summary.anchors, (anchor) => anchor.name || anchor.fullpath),
    ),
    listed(
      'tag',
      namesOf(store, 'tag', summary.tags, (tag) => tag.text),
    ),
  ].filter((part) => part !== undefined)
  return `${summary.name}: ${parts.length > 0 ? parts.join('; ') : 'nothing linked yet'}.`
}

/**
 * Writes a summary's text again from its linked records: its first `SUMMARY`
 * annotation takes the text, or a new one is made; the summary counts as updated.
 *
 * @example
 * await store.write((tx) => regenerateSummary(tx, summaryId))
 */
export function regenerateSummary(tx: Transaction, id: string): WorkstreamSummaryRecord {
  const summary = tx.require('workstreamSummary', id)
  const text = summaryText(tx, summary)
  const existing = summary.annotations.find((annotation) => tx.get('annotation', annotation)?.type === 'SUMMARY')
  if (existing === undefined) createAnnotation(tx, { type: 'SUMMARY', text, workstream_summary: id })
  else tx.update('annotation', existing, (draft) => void (draft.text = text))
  return tx.touch('workstreamSummary', id)
}

/** A time range of `POST /workstream_summaries/create/summary`, open at an end left out. */
interface TimeRange {
  readonly from?: string
  readonly to?: string
}

function nameOf(ranges: readonly TimeRange[], now: string): string {
  const [only] = ranges
  if (ranges.length === 0) return 'Summary of everything'
  if (ranges.length > 1 || only === undefined) return `Summary of ${ranges.length} time ranges`
  return `Summary from ${only.from ?? 'the start'} to ${only.to ?? now}`
}

/**
 * Creates a workstream summary of time ranges (`POST /workstream_summaries/create/summary`):
 * linked to the assets and conversations last updated within any of them
 * (every one when there is none), named after the ranges, its text written
 * from them as {@link regenerateSummary} writes it.
 *
 * @example
 * await store.write((tx) => createRangeSummary(tx, [{ from: '2024-05-01T00:00:00.000Z' }]))
 */
export function createRangeSummary(tx: Transaction, ranges: readonly TimeRange[]): WorkstreamSummaryRecord {
  const now = tx.timestamp()
  const inRange = (iso: string, range: TimeRange) =>
    (range.from === undefined || iso >= range.from) && (range.to === undefined || iso <= range.to)
  const within = (iso: string) => ranges.length === 0 || ranges.some((range) => inRange(iso, range))
  const name = nameOf(ranges, now)
  const summary = tx.insert('workstreamSummary', { id: tx.id(), name, created: now, updated: now })
  // Chosen before linking, so the links' own updates are not read back.
  const assets = [...tx.all('asset')].filter((asset) => within(asset.updated)).map((asset) => asset.id)
  const conversations = [...tx.all('conversation')].filter((c) => within(c.updated)).map((c) => c.id)
  for (const asset of assets) tx.link('asset', asset, 'summaries', summary.id)
  for (const conversation of conversations) tx.link('conversation', conversation, 'summaries', summary.id)
  return regenerateSummary(tx, summary.id)
}

import type { Store } from '../../../store/create-store.js'
import { mostRecentFirst } from '../../../store/most-recent-first.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds the workstream suggestions' last refresh. */
const SUGGESTIONS_PART = 'workstreamSuggestions'

/** At most this many records of each kind are suggested. */
const MAX_SUGGESTED = 5

/** The last refresh of the suggestions: how many there were, and the query asked (if any). */
export interface SuggestionsState {
  readonly [key: string]: unknown
  readonly refreshes: number
  readonly query?: string
}

const INITIAL: SuggestionsState = Object.freeze({ refreshes: 0 })

/** The ids the workstream suggests, by kind: the most recent that match the query. */
export interface SuggestedIds {
  readonly summaries: readonly string[]
  readonly assets: readonly string[]
  readonly conversations: readonly string[]
}

/**
 * The suggestions' last refresh.
 *
 * @example
 * readSuggestions(store).refreshes // 0
 */
export function readSuggestions(store: Store | Transaction): SuggestionsState {
  return readPart(store, SUGGESTIONS_PART, INITIAL)
}

/**
 * Stages a refresh of the suggestions, for `query` (every record when none).
 *
 * @example
 * await store.write((tx) => refreshSuggestions(tx, 'release'))
 */
export function refreshSuggestions(tx: Transaction, query: string | undefined): SuggestionsState {
  const { refreshes } = readSuggestions(tx)
  return writePart(tx, SUGGESTIONS_PART, {
    refreshes: refreshes + 1,
    ...(query !== undefined && query.trim() !== '' && { query: query.trim() }),
  })
}

/**
 * What the workstream suggests now: the {@link MAX_SUGGESTED} most recently
 * updated workstream summaries, assets and conversations whose name holds the
 * last refresh's query (case aside).
 *
 * @example
 * suggestedIds(store).assets // ['a-1', …]
 */
export function suggestedIds(store: Store): SuggestedIds {
  const query = readSuggestions(store).query?.toLowerCase()
  const pick = (
    records: Iterable<{
      readonly id: string
      readonly name?: string | undefined
      readonly created: string
      readonly updated: string
    }>,
  ) =>
    mostRecentFirst(records)
      .filter((record) => query === undefined || (record.name ?? '').toLowerCase().includes(query))
      .slice(0, MAX_SUGGESTED)
      .map((record) => record.id)
  return {
    summaries: pick(store.all('workstreamSummary')),
    assets: pick(store.all('asset')),
    conversations: pick(store.all('conversation')),
  }
}

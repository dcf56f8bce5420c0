import type { InspectorOverview, RecordList } from '../../control/inspection/inspection.js'
import type { Selection } from '../view-props.js'
import { RowLabel } from '../records/row-label.js'
import { INSPECTED_KINDS } from './inspected-kinds.js'

/** What the records list shows and how it changes the selection. */
interface RecordPickerProps {
  readonly selection: Selection
  readonly select: (selection: Selection) => void
  readonly query: string
  readonly setQuery: (query: string) => void
  /** The records of the kind that match the query; undefined until they are read. */
  readonly list: RecordList | undefined
  readonly overview: InspectorOverview | undefined
}

/**
 * The kinds with their counts, the search, and the records of the kind
 * that match it, each a click away.
 *
 * @example
 * <RecordPicker selection={selection} select={select} query={query} setQuery={setQuery} list={list} overview={overview} />
 */
export function RecordPicker({ selection: { kind, id }, select, query, setQuery, list, overview }: RecordPickerProps) {
  const counts = overview?.counts
  const gone = overview?.gone
  return (
    <div class="cam-col cam-list">
      <div class="cam-kinds" role="group" aria-label="record kinds">
        {INSPECTED_KINDS.map((name) => (
          <button aria-pressed={name === kind} onClick={() => select({ kind: name })} key={name}>
            {name} {counts ? counts[name] : ''}
            {gone && gone[name] > 0 ? ` (+${gone[name]} gone)` : ''}
          </button>
        ))}
      </div>
      <input
        type="search"
        placeholder={`Search ${kind} by name, text or id`}
        aria-label="search records"
        value={query}
        onInput={(event) => setQuery(event.currentTarget.value)}
        style="width: 100%"
      />
      {list && (
        <>
          <ul class="cam-rows" aria-label="records">
            {list.rows.map((row) => (
              <li key={row.id}>
                <button aria-current={row.id === id} onClick={() => select({ kind, id: row.id })} title={row.id}>
                  <RowLabel row={row} />
                </button>
              </li>
            ))}
          </ul>
          {list.total > list.rows.length && (
            <p class="cam-note">
              Showing {list.rows.length.toLocaleString('en-US')} of {list.total.toLocaleString('en-US')}: search to
              narrow.
            </p>
          )}
          {list.total === 0 && (
            <p class="cam-note">
              No {kind} records{query ? ' match' : ''}.
            </p>
          )}
        </>
      )}
    </div>
  )
}

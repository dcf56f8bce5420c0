import { STATUS_FILTERS } from '../format.js'
import { JOURNAL_SORTS } from './journal-sort.js'

/** What the journal's filters keep. */
export interface Filters {
  readonly operation: string
  /** An index in STATUS_FILTERS. */
  readonly status: number
  readonly text: string
  /** An index in JOURNAL_SORTS. */
  readonly sort: number
}

/**
 * The journal's bar: filters by operation, status and text, the order, Pause/Resume,
 * Export HAR (what the filters keep), Clear journal and Preserve log (a reset keeps the journal).
 *
 * @example
 * <JournalFilters filters={filters} setFilters={setFilters} operations={operations} paused={false} togglePause={toggle} exportHar={save} clear={clear} preserved={false} togglePreserve={setPreserved} />
 */
export function JournalFilters({
  filters,
  setFilters,
  operations,
  paused,
  togglePause,
  exportHar,
  clear,
  preserved,
  togglePreserve,
}: {
  filters: Filters
  setFilters: (filters: Filters) => void
  operations: readonly string[]
  paused: boolean
  togglePause: () => void
  exportHar: () => void
  clear: () => void
  /** Whether a reset keeps the journal; undefined until read from the mock. */
  preserved: boolean | undefined
  togglePreserve: (preserve: boolean) => void
}) {
  return (
    <div class="cam-filters">
      <select
        aria-label="operation filter"
        value={filters.operation}
        onChange={(event) => setFilters({ ...filters, operation: event.currentTarget.value })}
      >
        <option value="">all operations</option>
        {operations.map((name) => (
          <option value={name} key={name}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label="status filter"
        value={String(filters.status)}
        onChange={(event) => setFilters({ ...filters, status: Number(event.currentTarget.value) })}
      >
        {STATUS_FILTERS.map(([label], index) => (
          <option value={String(index)} key={label}>
            {label}
          </option>
        ))}
      </select>
      <input
        type="search"
        aria-label="search the journal"
        placeholder="path, operation, status, body…"
        value={filters.text}
        onInput={(event) => setFilters({ ...filters, text: event.currentTarget.value })}
      />
      <select
        aria-label="sort the journal"
        value={String(filters.sort)}
        onChange={(event) => setFilters({ ...filters, sort: Number(event.currentTarget.value) })}
      >
        {JOURNAL_SORTS.map(([label], index) => (
          <option value={String(index)} key={label}>
            {label}
          </option>
        ))}
      </select>
      <button class="cam-btn" aria-pressed={paused} onClick={togglePause}>
        {paused ? 'Resume' : 'Pause'}
      </button>
      <button class="cam-btn" onClick={exportHar} title="The requests the filters keep, as a HAR 1.2 file">
        Export HAR
      </button>
      <button class="cam-btn" onClick={clear}>
        Clear journal
      </button>
      <label class="cam-check" title="Keep the journal when the mock is reset">
        <input
          type="checkbox"
          checked={preserved === true}
          disabled={preserved === undefined}
          onChange={(event) => togglePreserve(event.currentTarget.checked)}
        />{' '}
        Preserve log
      </label>
    </div>
  )
}

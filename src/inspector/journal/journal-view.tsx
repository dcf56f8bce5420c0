import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { JournalRow } from '../../control/inspection/inspection.js'
import type { ViewProps } from '../view-props.js'
import type { CallExpectation } from '../../control/verify/verify-calls.js'
import { countOf, STATUS_FILTERS } from '../format.js'
import { JournalFilters, type Filters } from './journal-filters.js'
import { sortedRows } from './journal-sort.js'
import { EntryDetail } from './entry-detail.js'
import { JournalList } from './journal-list.js'
import { useLoad } from '../live/use-load.js'
import { VerifyForm } from '../steering/verify-form.js'
import { ActionError } from '../action-error.js'
import { download } from '../download.js'
import type { Connection } from '../live/connection.js'

/**
 * Every request the journal holds, live and newest first, in a virtualized
 * list: filtered by operation, status and text, paused and resumed, counted
 * honestly (what is kept, what matches, what was let go); one entry's
 * request and response; and the verify form. Where opening an entry hides
 * the list (a phone's width), focus goes to "← Back to the journal", and
 * from there back to the list. "Preserve log" keeps the journal across a
 * reset of the mock.
 *
 * @example
 * <JournalView {...props} />
 */
export function JournalView({ connection, live, act }: ViewProps) {
  const [filters, setFilters] = useState<Filters>({ operation: '', status: 0, text: '', sort: 0 })
  // While paused: the rows and the count as they were.
  const [paused, setPaused] = useState<{ rows: readonly JournalRow[]; dropped: number }>()
  const [openId, setOpenId] = useState<number>()
  // Whether a reset keeps the journal, as the mock says (undefined until it has).
  const [preserved, setPreserved] = useState<boolean>()
  useEffect(() => {
    connection.preserveJournal().then(setPreserved, () => setPreserved(undefined))
  }, [connection])
  // A verify filled from an entry: a new key gives the form its fields afresh.
  const [verifyPreset, setVerifyPreset] = useState<{ expectation: CallExpectation; at: number }>()
  const source = paused?.rows ?? live.rows
  const needle = filters.text.trim()
  // The entries whose kept bodies hold the text, asked of the mock when the text changes.
  const inBodies = useLoad(
    async () => (needle === '' ? null : new Set(await connection.journalSearch(needle))),
    [connection, needle],
  )
  const matching = useMemo(
    () => sortedRows(newestFirst(source, filters, inBodies), filters.sort),
    [source, filters, inBodies],
  )
  const operations = useMemo(() => [...new Set(live.rows.map((row) => row.operation))].sort(), [live.rows])
  const detail = useLoad(
    async () => (openId === undefined ? null : ((await connection.journalEntry(openId)) ?? null)),
    [connection, openId],
  )
  const filtered = filters.operation !== '' || filters.status !== 0 || filters.text.trim() !== ''
  const split = useRef<HTMLDivElement>(null)
  const back = useRef<HTMLButtonElement>(null)
  // Set by an open or a Back, read once the view is drawn: where the focus goes if the list hid or came back.
  const moved = useRef(false)
  useLayoutEffect(() => {
    if (!moved.current) return
    moved.current = false
    const list = split.current?.querySelector<HTMLElement>('[role="listbox"]')
    if (openId === undefined) list?.focus()
    else if (!list || list.getClientRects().length === 0) back.current?.focus()
  }, [openId])
  const open = (id: number | undefined) => {
    moved.current = true
    setOpenId(id)
  }

  return (
    <div class={`cam-split${openId === undefined ? '' : ' cam-opened'}`} ref={split}>
      <div class="cam-col cam-journal">
        <JournalFilters
          {...{ filters, setFilters, operations }}
          paused={paused !== undefined}
          togglePause={() => setPaused(paused ? undefined : { rows: live.rows, dropped: live.dropped })}
          clear={() => act(() => connection.clearJournal(), 'journal')}
          preserved={preserved}
          togglePreserve={(preserve) =>
            act(async () => setPreserved(await connection.preserveJournal(preserve)), 'journal')
          }
          exportHar={() => act(() => saveHar(connection, filters), 'journal')}
        />
        <ActionError scope="journal" />
        <p class="cam-note cam-count" role="status" aria-label="journal count">
          {journalCount(matching.length, source.length, filtered, paused?.dropped ?? live.dropped)}
          {paused && ` Paused: ${countOf(newSince(live.rows, paused.rows), 'new request')} not shown.`}
        </p>
        {live.rows.length === 0 && !paused ? (
          <p class="cam-note">No requests yet: they appear here as the app makes them.</p>
        ) : (
          <JournalList rows={matching} openId={openId} open={open} />
        )}
      </div>
      <div class="cam-col cam-detail" aria-label="journal entry">
        {openId !== undefined && (
          <button class="cam-btn cam-back" ref={back} onClick={() => open(undefined)}>
            ← Back to the journal
          </button>
        )}
        {detail && (
          <EntryDetail
            {...{ connection, live, act }}
            detail={detail}
            verifyLike={(expectation) => setVerifyPreset({ expectation, at: Date.now() })}
          />
        )}
        {detail === null && openId !== undefined && <p class="cam-note">That entry is no longer kept.</p>}
        <VerifyForm
          key={verifyPreset?.at ?? 0}
          connection={connection}
          live={live}
          act={act}
          {...(verifyPreset && { preset: verifyPreset.expectation })}
        />
      </div>
    </div>
  )
}

/** Saves what the filters keep as `journal.har` in the browser's downloads. */
async function saveHar(connection: Connection, { operation, status, text }: Filters): Promise<void> {
  const har = await connection.journalHar({
    ...(operation && { operation }),
    ...(STATUS_FILTERS[status]![2] && { status: STATUS_FILTERS[status]![2] }),
    ...(text.trim() && { text: text.trim() }),
  })
  download(new Blob([har], { type: 'application/json' }), 'journal.har')
}

/** The rows that pass the filters, newest first: the text in a row's fields, or in its bodies (`inBodies`, the mock's answer). */
function newestFirst(
  rows: readonly JournalRow[],
  { operation, status, text }: Filters,
  inBodies: ReadonlySet<number> | null | undefined,
): JournalRow[] {
  const keep = STATUS_FILTERS[status]![1]
  const needle = text.trim().toLowerCase()
  const matching: JournalRow[] = []
  for (let at = rows.length - 1; at >= 0; at--) {
    const row = rows[at]!
    if (operation && row.operation !== operation) continue
    if (!keep(row.status)) continue
    if (needle && !searchText(row).includes(needle) && !inBodies?.has(row.id)) continue
    matching.push(row)
  }
  return matching
}

/** What the journal's text search looks in. */
function searchText(row: JournalRow): string {
  return `${row.operation} ${row.websocket ? 'ws' : row.method} ${row.path} ${row.status} ${row.faultId ?? ''}`.toLowerCase()
}

/** How many requests were made since `paused` was taken. */
function newSince(rows: readonly JournalRow[], paused: readonly JournalRow[]): number {
  const last = paused.at(-1)?.id ?? 0
  let count = 0
  for (let at = rows.length - 1; at >= 0 && rows[at]!.id > last; at--) count++
  return count
}

/** The count in words: what is kept, what matches, and what the journal let go. */
function journalCount(matching: number, kept: number, filtered: boolean, dropped: number): string {
  const shown = filtered
    ? `${countOf(matching, 'request')} of ${kept.toLocaleString('en-US')} match.`
    : `${countOf(kept, 'request')}.`
  return dropped > 0
    ? `${shown} ${dropped.toLocaleString('en-US')} older ones were let go (the journal keeps the newest).`
    : shown
}

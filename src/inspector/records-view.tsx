import { useEffect, useState } from 'preact/hooks'
import type { InspectedKind, RecordRow } from '../control/record-views.js'
import type { Selection, ViewProps } from './view-props.js'
import { formatInstant } from './format.js'
import { JsonTree } from './json-tree.js'
import { useLoad } from './use-load.js'
import { ActionError } from './action-error.js'

const KINDS: readonly InspectedKind[] = [
  'conversation',
  'message',
  'asset',
  'format',
  'annotation',
  'tag',
  'website',
  'anchor',
  'range',
  'workstreamSummary',
  'activity',
  'application',
  'model',
  'user',
]

/**
 * Records of each kind, searchable, and one record: its wire form as the
 * official client receives it and its links both ways, each a click away.
 * Deleted records are listed as gone.
 *
 * @example
 * <RecordsView {...props} selection={{ kind: 'conversation' }} select={setSelection} />
 */
export function RecordsView({
  connection,
  live,
  act,
  selection,
  select,
}: ViewProps & { selection: Selection; select: (selection: Selection) => void }) {
  const [query, setQuery] = useState('')
  const { kind, id } = selection
  const list = useLoad(() => connection.records(kind, query), [connection, kind, query, live.version])
  // null: no such record.
  const detail = useLoad(
    async () => (id === undefined ? null : ((await connection.record(kind, id)) ?? null)),
    [connection, kind, id, live.version],
  )
  const counts = live.overview?.counts
  const gone = live.overview?.gone
  // Marks the first time records are on screen (the benchmark reads it).
  useEffect(() => {
    if (list && !performance.getEntriesByName('inspector-drawn').length) {
      requestAnimationFrame(() => performance.mark('inspector-drawn'))
    }
  }, [list])

  return (
    <div class="cam-split">
      <div class="cam-col cam-list">
        <div class="cam-kinds" role="group" aria-label="record kinds">
          {KINDS.map((name) => (
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
                Showing {list.rows.length} of {list.total}: search to narrow.
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
      <div class="cam-col cam-detail" aria-label="record">
        {id === undefined && <p class="cam-note">Pick a record to see its wire form and links.</p>}
        {id !== undefined && detail === null && (
          <p class="cam-note">
            No {kind} "{id}".
          </p>
        )}
        {detail && (
          <>
            <h2>
              <span class={detail.gone ? 'cam-gone' : ''}>{detail.label}</span>
              {detail.gone && <span class="cam-badge cam-badge-gone">gone</span>}
            </h2>
            <div class="cam-id">
              {detail.kind} {detail.id}
            </div>
            {detail.kind === 'asset' && !detail.gone && (
              <p>
                <button
                  class="cam-btn cam-danger"
                  onClick={() => act(() => connection.removeAsset(detail.id), 'record')}
                  title="Deletes it as another client would: its reads answer 410 and every link to it goes"
                >
                  Delete from another client
                </button>
              </p>
            )}
            {detail.kind === 'asset' && <ActionError scope="record" />}
            {detail.gone && (
              <p class="cam-note" aria-label="deletion">
                {detail.deletedAt
                  ? `Deleted at ${formatInstant(detail.deletedAt)}: it was the ${detail.kind} “${detail.label}”. `
                  : 'Deleted before the mock could see what it was (loaded as a tombstone). '}
                The store keeps its id as a tombstone, so{' '}
                {detail.kind === 'asset' ? 'reads answer 410' : 'reads say it is gone'}.
              </p>
            )}
            {detail.links.length > 0 && <h3>Links</h3>}
            {detail.links.map((link) => (
              <div key={`${link.direction}:${link.field}`}>
                <div class="cam-note">
                  {link.direction === 'from' ? `${link.field} → ${link.kind}` : `← ${link.field}`} (
                  {link.records.length})
                </div>
                <div class="cam-links">
                  {link.records.map((row) => (
                    <button
                      key={row.id}
                      onClick={() => select({ kind: row.kind, id: row.id })}
                      title={`${row.kind} ${row.id}`}
                    >
                      <RowLabel row={row} />
                    </button>
                  ))}
                </div>
              </div>
            ))}
            {detail.wire !== undefined && (
              <>
                <h3>Wire form (as the official client receives it)</h3>
                <JsonTree label="wire form" value={detail.wire} />
              </>
            )}
          </>
        )}
      </div>
    </div>
  )
}

function RowLabel({ row }: { row: RecordRow }) {
  return (
    <>
      <span class={row.gone ? 'cam-gone' : ''}>{row.label}</span>
      {row.gone && <span class="cam-badge cam-badge-gone">gone</span>}
    </>
  )
}

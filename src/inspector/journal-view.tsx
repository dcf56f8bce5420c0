import { useState } from 'preact/hooks'
import type { WebSocketActivity } from '../control/journal-entry.js'
import type { ViewProps } from './view-props.js'
import { prettyBody, STATUS_FILTERS, statusClass, timeOfDay } from './format.js'
import { useLoad } from './use-load.js'
import { VerifyForm } from './verify-form.js'

/** How many rows the table draws (the newest that match). */
const ROWS_DRAWN = 300

/**
 * Every request live, newest first, filtered by operation and status (501s,
 * the operations the mock does not implement, stand out); one entry's
 * request and response; and the verify form.
 *
 * @example
 * <JournalView {...props} />
 */
export function JournalView({ connection, live, act }: ViewProps) {
  const [operation, setOperation] = useState('')
  const [statusFilter, setStatusFilter] = useState(0)
  const [openId, setOpenId] = useState<number>()
  const keep = STATUS_FILTERS[statusFilter]![1]
  const matching = live.rows.filter((row) => (!operation || row.operation === operation) && keep(row.status))
  const drawn = matching.slice(-ROWS_DRAWN).reverse()
  const operations = [...new Set(live.rows.map((row) => row.operation))].sort()
  const detail = useLoad(
    async () => (openId === undefined ? null : ((await connection.journalEntry(openId)) ?? null)),
    [connection, openId],
  )

  return (
    <>
      <div class="cam-col cam-journal">
        <div class="cam-filters">
          <select
            aria-label="operation filter"
            value={operation}
            onChange={(event) => setOperation(event.currentTarget.value)}
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
            value={String(statusFilter)}
            onChange={(event) => setStatusFilter(Number(event.currentTarget.value))}
          >
            {STATUS_FILTERS.map(([label], index) => (
              <option value={String(index)} key={label}>
                {label}
              </option>
            ))}
          </select>
          <span class="cam-note">
            {matching.length} of {live.rows.length} requests
          </span>
          <button class="cam-btn" onClick={() => act(() => connection.clearJournal())}>
            Clear journal
          </button>
        </div>
        <table aria-label="journal">
          <thead>
            <tr>
              <th>time</th>
              <th>operation</th>
              <th>method</th>
              <th>path</th>
              <th>status</th>
              <th>ms</th>
            </tr>
          </thead>
          <tbody>
            {drawn.map((row) => (
              <tr
                key={row.id}
                class={statusClass(row.status)}
                aria-selected={row.id === openId}
                data-operation={row.operation}
                data-status={row.status}
                onClick={() => setOpenId(row.id)}
              >
                <td>{timeOfDay(row.at)}</td>
                <td class="cam-cut" title={row.operation}>
                  <span>{row.operation}</span>
                </td>
                <td>{row.websocket ? 'WS' : row.method}</td>
                <td class="cam-cut cam-path" title={row.path}>
                  <span>{row.path}</span>
                </td>
                <td class="cam-status">
                  {row.status === 0 ? 'network error' : row.status}
                  {row.status === 501 && <span class="cam-badge">not implemented</span>}
                  {row.faultId && <span class="cam-badge">{row.faultId}</span>}
                  {row.websocket && <span class="cam-badge">{webSocketSummary(row.websocket)}</span>}
                </td>
                <td>{row.durationMs.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {live.rows.length === 0 && <p class="cam-note">No requests yet: they appear here as the app makes them.</p>}
      </div>
      <div class="cam-col cam-detail" aria-label="journal entry">
        {detail && (
          <>
            <h2>
              {detail.entry.method} {detail.entry.path}
            </h2>
            <div class="cam-id">
              #{detail.id} {detail.entry.operation} at {detail.entry.at}, {detail.entry.durationMs.toFixed(1)} ms
              {detail.entry.faultId ? `, answered by ${detail.entry.faultId}` : ''}
            </div>
            {detail.entry.websocket && (
              <>
                <h3>WebSocket</h3>
                <pre aria-label="websocket">{prettyBody(detail.entry.websocket)}</pre>
              </>
            )}
            <h3>Request</h3>
            <pre aria-label="request">
              {prettyBody({ params: detail.entry.params, query: detail.entry.query, body: detail.entry.body })}
            </pre>
            {!detail.entry.websocket && (
              <>
                <h3>
                  Response{' '}
                  {detail.response ? `${detail.response.status === 0 ? 'network error' : detail.response.status}` : ''}
                  {detail.response?.contentType ? ` ${detail.response.contentType}` : ''}
                </h3>
                {detail.response ? (
                  <>
                    <pre aria-label="response">{prettyBody(detail.response.body)}</pre>
                    {detail.response.truncated && <p class="cam-note">Only the first 64 KiB of the body is kept.</p>}
                  </>
                ) : (
                  <p class="cam-note">Not kept: the journal keeps the newest 8 MiB of response bodies.</p>
                )}
              </>
            )}
          </>
        )}
        {detail === null && openId !== undefined && <p class="cam-note">That entry is no longer kept.</p>}
        <VerifyForm connection={connection} live={live} act={act} />
      </div>
    </>
  )
}

/** A WebSocket's state in a few words: `open, 3 sent, 1 received` or `closed 1000, …`. */
function webSocketSummary(socket: WebSocketActivity): string {
  const state = socket.closeCode === undefined ? socket.state : `${socket.state} ${socket.closeCode}`
  return `${state}, ${socket.framesSent} sent, ${socket.framesReceived} received`
}

import type { JournalRow } from '../../control/inspection/inspection.js'
import type { WebSocketActivity } from '../../control/journal/journal-entry.js'
import { statusClass, timeOfDay } from '../format.js'
import { useVirtualWindow } from './use-virtual-window.js'
import { useActiveRow } from './use-active-row.js'

/** Below this width a row takes two lines: operation and status, then time, method, path and duration. */
const NARROW_PX = 560
const ROW_PX = 28
const NARROW_ROW_PX = 46

/**
 * The journal's rows as a virtualized listbox, newest first: every row
 * reachable by scrolling or the keyboard (arrows, Page Up/Down, Home, End),
 * only those in view drawn; Enter or a click opens one.
 *
 * @example
 * <JournalList rows={newestFirst} openId={openId} open={setOpenId} />
 */
export function JournalList({
  rows,
  openId,
  open,
}: {
  rows: readonly JournalRow[]
  openId: number | undefined
  open: (id: number) => void
}) {
  const view = useVirtualWindow(rows.length, (width) => (width < NARROW_PX ? NARROW_ROW_PX : ROW_PX))
  const { active, setActiveId, onKeyDown } = useActiveRow(rows, view, open)
  const { rowHeight } = view
  const narrow = view.width < NARROW_PX

  return (
    <>
      {!narrow && (
        <div class="cam-jrow cam-jhead" aria-hidden="true">
          <span>time</span>
          <span>operation</span>
          <span>method</span>
          <span>path</span>
          <span>status</span>
          <span class="cam-ms">ms</span>
        </div>
      )}
      <div
        class={`cam-vlist${narrow ? ' cam-narrow' : ''}`}
        ref={view.ref}
        onScroll={view.onScroll}
        role="listbox"
        aria-label="journal"
        tabIndex={0}
        aria-activedescendant={active ? `cam-jrow-${active.id}` : undefined}
        onKeyDown={onKeyDown}
      >
        <div role="none" class="cam-vspace" style={`height: ${rows.length * rowHeight}px`}>
          {rows.slice(view.first, view.end).map((row, offset) => (
            <div
              role="option"
              id={`cam-jrow-${row.id}`}
              key={row.id}
              class={`cam-jrow ${statusClass(row.status)}${row === active ? ' cam-active' : ''}`}
              style={`top: ${(view.first + offset) * rowHeight}px; height: ${rowHeight}px`}
              aria-selected={row.id === openId}
              aria-posinset={view.first + offset + 1}
              aria-setsize={rows.length}
              data-operation={row.operation}
              data-status={row.status}
              onClick={() => {
                setActiveId(row.id)
                open(row.id)
              }}
            >
              <JournalCells row={row} narrow={narrow} />
            </div>
          ))}
        </div>
      </div>
    </>
  )
}

/** One row's cells; a narrow list lays them out on two lines, a stream's path shortened to its end. */
function JournalCells({ row, narrow }: { row: JournalRow; narrow: boolean }) {
  return (
    <>
      <span class="cam-time">{timeOfDay(row.at)}</span>
      <span class="cam-op" title={row.operation}>
        {row.operation}
      </span>
      <span class="cam-method">{row.websocket ? 'WS' : row.method}</span>
      <span class="cam-path" title={row.path}>
        {narrow && row.websocket ? pathEnd(row.path) : row.path}
      </span>
      <span class="cam-status" title={row.websocket ? `${row.status}: ${webSocketSummary(row.websocket)}` : undefined}>
        {row.status === 0 ? 'network error' : row.status}
        {row.status === 501 && <span class="cam-badge">not implemented</span>}
        {row.faultId && <span class="cam-badge">{row.faultId}</span>}
        {row.websocket && (
          <span class="cam-badge">{narrow ? webSocketState(row.websocket) : webSocketSummary(row.websocket)}</span>
        )}
      </span>
      <span class="cam-ms">{row.durationMs.toFixed(1)}</span>
    </>
  )
}

/** A WebSocket's state in a few words: `open, 3 sent, 1 received` or `closed 1000, …`. */
function webSocketSummary(socket: WebSocketActivity): string {
  return `${webSocketState(socket)}, ${socket.framesSent} sent, ${socket.framesReceived} received`
}

/** A WebSocket's state alone, as a narrow row's badge shows it (its counts are in the status's title): `open`, `closed 1000`. */
function webSocketState(socket: WebSocketActivity): string {
  return socket.closeCode === undefined ? socket.state : `${socket.state} ${socket.closeCode}`
}

/**
 * A path's last two segments after `…/` when it has more (`/.well-known/stream/health` reads
 * `…/stream/health`): a stream is told apart by its end, which a cut from the right would hide.
 */
function pathEnd(path: string): string {
  const segments = path.split('/')
  return segments.length > 3 ? `…/${segments.slice(-2).join('/')}` : path
}

import type { FrameRow, InspectionEvent, InspectorOverview, JournalRow } from '../../control/inspection/inspection.js'
import type { Connection } from './connection.js'
import type { LiveState } from './live-state.js'
import { applyEvents } from './apply-events.js'

/** The most journal rows the inspector keeps: the control API's own bound on one read. */
const ROWS_KEPT = 10_000
/** Events are applied together at most this often, so a burst of requests draws once. */
const APPLY_MS = 40

/** What a (re)connection reads in full. */
interface Loaded {
  readonly overview: InspectorOverview
  readonly journal: { readonly rows: readonly JournalRow[]; readonly dropped: number }
  readonly frames: readonly FrameRow[]
}

/**
 * Follows a mock's feed into `setState`: loads the overview, journal rows
 * and frames when the feed (re)connects, then applies its events, batched.
 * Returns how to stop.
 *
 * @example
 * useEffect(() => followLive(connection, setState), [connection])
 */
export function followLive(
  connection: Connection,
  setState: (update: (previous: LiveState) => LiveState) => void,
): () => void {
  let alive = true
  let queue: InspectionEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let reloads = 0
  // As many rows as the journal holds, within the inspector's own bound.
  let keep = ROWS_KEPT

  async function reload(): Promise<void> {
    const mine = ++reloads
    const [overview, journal, streams] = await Promise.all([
      connection.overview(),
      connection.journalRows(ROWS_KEPT),
      connection.streams(),
    ])
    if (!alive || mine !== reloads) return
    keep = Math.min(overview.journal.limit, ROWS_KEPT)
    setState((previous) => reloaded(previous, { overview, journal, frames: streams.frames }, keep))
  }

  function apply(): void {
    timer = undefined
    const events = queue
    queue = []
    setState((previous) => applyEvents(previous, events, keep))
    // Counts and tombstones come with the overview: read it again after records change.
    if (events.some((event) => event.type === 'records' || event.type === 'replaced')) {
      connection.overview().then(
        (overview) => alive && setState((previous) => ({ ...previous, overview, clockReadAt: Date.now() })),
        () => undefined,
      )
    }
  }

  const stop = connection.subscribe(
    (events) => {
      queue.push(...events)
      timer ??= setTimeout(apply, APPLY_MS)
    },
    () => {
      reload().catch(() => alive && setState(lost))
    },
    () => alive && setState(lost),
  )
  return () => {
    alive = false
    stop()
    if (timer !== undefined) clearTimeout(timer)
  }
}

/** The state once everything is read afresh, marked restarted when the mock is another instance. */
function reloaded(previous: LiveState, { overview, journal, frames }: Loaded, keep: number): LiveState {
  return {
    overview,
    rows: journal.rows.slice(-keep),
    dropped: journal.dropped + Math.max(0, overview.journal.kept - Math.min(journal.rows.length, keep)),
    frames,
    version: previous.version + 1,
    machineVersion: previous.machineVersion + 1,
    steeringVersion: previous.steeringVersion + 1,
    clockReadAt: Date.now(),
    connected: true,
    restarted:
      previous.restarted || (previous.overview !== undefined && previous.overview.instance !== overview.instance),
  }
}

/** The state once the feed dropped: kept as it was, marked as of when. */
function lost(previous: LiveState): LiveState {
  return { ...previous, connected: false, lostAt: previous.lostAt ?? Date.now() }
}

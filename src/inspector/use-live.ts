import { useEffect, useState } from 'preact/hooks'
import type { FrameRow, InspectionEvent, InspectorOverview, JournalRow } from '../control/inspection.js'
import type { Connection } from './connection.js'

/** What the inspector shows live. */
export interface LiveState {
  readonly overview?: InspectorOverview
  /** Journal rows, oldest first: every entry the journal holds (up to its limit, at most 10,000). */
  readonly rows: readonly JournalRow[]
  /** Entries the journal made but no longer holds, since it was last cleared (the oldest go first). */
  readonly dropped: number
  /** Frames sent, oldest first (the newest 200). */
  readonly frames: readonly FrameRow[]
  /** Moves on whenever records or the clock change, so record views load again. */
  readonly version: number
  /** When the clock state was read, by this page's clock, to show the mock's running time. */
  readonly clockReadAt: number
  readonly connected: boolean
  /** When the feed dropped (this page's clock), while it is down: what is shown is as of then. */
  readonly lostAt?: number
  /** Set when the feed came back from another instance of the mock: a restart, its data reset. */
  readonly restarted?: boolean
}

/** The most journal rows the inspector keeps: the control API's own bound on one read. */
const ROWS_KEPT = 10_000
const FRAMES_KEPT = 200
/** Events are applied together at most this often, so a burst of requests draws once. */
const APPLY_MS = 40

/**
 * Follows a mock live: loads the overview, journal rows and frames when the
 * feed (re)connects, then applies the feed's events, batched.
 *
 * @example
 * const live = useLive(connection)
 */
export function useLive(connection: Connection): LiveState {
  const [state, setState] = useState<LiveState>({
    rows: [],
    dropped: 0,
    frames: [],
    version: 0,
    clockReadAt: 0,
    connected: false,
  })

  useEffect(() => {
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
      setState((previous) => ({
        overview,
        rows: journal.rows.slice(-keep),
        dropped: journal.dropped + Math.max(0, overview.journal.kept - Math.min(journal.rows.length, keep)),
        frames: streams.frames,
        version: previous.version + 1,
        clockReadAt: Date.now(),
        connected: true,
        restarted:
          previous.restarted || (previous.overview !== undefined && previous.overview.instance !== overview.instance),
      }))
    }

    function apply(): void {
      timer = undefined
      const events = queue
      queue = []
      const refresh = events.some((event) => event.type === 'records' || event.type === 'replaced')
      setState((previous) => {
        let { overview, rows, dropped, frames, version, clockReadAt } = previous
        const newRows: JournalRow[] = []
        const newFrames: FrameRow[] = []
        for (const event of events) {
          switch (event.type) {
            case 'request':
              newRows.push(event.row)
              break
            case 'journal-cleared':
              rows = []
              dropped = 0
              newRows.length = 0
              break
            case 'records':
            case 'replaced':
              version++
              break
            case 'frame': {
              newFrames.push(event.frame)
              if (overview) {
                const counts = overview.streams[event.frame.stream] ?? { clients: 0, frames: 0 }
                overview = {
                  ...overview,
                  streams: { ...overview.streams, [event.frame.stream]: { ...counts, frames: counts.frames + 1 } },
                }
              }
              break
            }
            case 'streams':
              if (overview) overview = { ...overview, streams: event.streams }
              break
            case 'faults':
              if (overview) overview = { ...overview, faults: event.faults, streamFaults: event.streamFaults }
              break
            case 'clock':
              if (overview) overview = { ...overview, clock: event.clock }
              clockReadAt = Date.now()
              version++
              break
            case 'snapshots':
              if (overview) overview = { ...overview, snapshots: event.snapshots }
              break
            case 'scenario':
              if (overview) overview = { ...overview, scenario: event.scenario }
              break
          }
        }
        if (newRows.length > 0) {
          const all = withRows(rows, newRows)
          dropped += Math.max(0, all.length - keep)
          rows = all.length > keep ? all.slice(-keep) : all
        }
        if (newFrames.length > 0) frames = [...frames, ...newFrames].slice(-FRAMES_KEPT)
        return { ...previous, overview, rows, dropped, frames, version, clockReadAt }
      })
      // Counts and tombstones come with the overview: read it again after records change.
      if (refresh) {
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
  }, [connection])

  return state
}

/** The state once the feed dropped: kept as it was, marked as of when. */
function lost(previous: LiveState): LiveState {
  return { ...previous, connected: false, lostAt: previous.lostAt ?? Date.now() }
}

/** The rows with new ones added; a row whose id is there already replaces it (a WebSocket closed). */
function withRows(rows: readonly JournalRow[], added: readonly JournalRow[]): JournalRow[] {
  const latest = new Map<number, JournalRow>()
  for (const row of added) latest.set(row.id, row)
  const kept = rows.map((row) => {
    const update = latest.get(row.id)
    if (!update) return row
    latest.delete(row.id)
    return update
  })
  return [...kept, ...latest.values()]
}

import { useEffect, useState } from 'preact/hooks'
import type { FrameRow, InspectionEvent, InspectorOverview, JournalRow } from '../control/inspection.js'
import type { Connection } from './connection.js'

/** What the inspector shows live. */
export interface LiveState {
  readonly overview?: InspectorOverview
  /** Journal rows, oldest first (the newest 1,000). */
  readonly rows: readonly JournalRow[]
  /** Frames sent, oldest first (the newest 200). */
  readonly frames: readonly FrameRow[]
  /** Moves on whenever records or the clock change, so record views load again. */
  readonly version: number
  /** When the clock state was read, by this page's clock, to show the mock's running time. */
  readonly clockReadAt: number
  readonly connected: boolean
}

const ROWS_KEPT = 1000
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
  const [state, setState] = useState<LiveState>({ rows: [], frames: [], version: 0, clockReadAt: 0, connected: false })

  useEffect(() => {
    let alive = true
    let queue: InspectionEvent[] = []
    let timer: ReturnType<typeof setTimeout> | undefined
    let reloads = 0

    async function reload(): Promise<void> {
      const mine = ++reloads
      const [overview, journal, streams] = await Promise.all([
        connection.overview(),
        connection.journalRows(),
        connection.streams(),
      ])
      if (!alive || mine !== reloads) return
      setState((previous) => ({
        overview,
        rows: journal.rows.slice(-ROWS_KEPT),
        frames: streams.frames,
        version: previous.version + 1,
        clockReadAt: Date.now(),
        connected: true,
      }))
    }

    function apply(): void {
      timer = undefined
      const events = queue
      queue = []
      const refresh = events.some((event) => event.type === 'records' || event.type === 'replaced')
      setState((previous) => {
        let { overview, rows, frames, version, clockReadAt } = previous
        const newRows: JournalRow[] = []
        const newFrames: FrameRow[] = []
        for (const event of events) {
          switch (event.type) {
            case 'request':
              newRows.push(event.row)
              break
            case 'journal-cleared':
              rows = []
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
        if (newRows.length > 0) rows = withRows(rows, newRows)
        if (newFrames.length > 0) frames = [...frames, ...newFrames].slice(-FRAMES_KEPT)
        return { ...previous, overview, rows, frames, version, clockReadAt }
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
        reload().catch(() => alive && setState((previous) => ({ ...previous, connected: false })))
      },
      () => alive && setState((previous) => ({ ...previous, connected: false })),
    )
    return () => {
      alive = false
      stop()
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [connection])

  return state
}

/** The rows with new ones added, the newest kept; a row whose id is there already replaces it (a WebSocket closed). */
function withRows(rows: readonly JournalRow[], added: readonly JournalRow[]): JournalRow[] {
  const latest = new Map<number, JournalRow>()
  for (const row of added) latest.set(row.id, row)
  const kept = rows.map((row) => {
    const update = latest.get(row.id)
    if (!update) return row
    latest.delete(row.id)
    return update
  })
  return [...kept, ...latest.values()].slice(-ROWS_KEPT)
}

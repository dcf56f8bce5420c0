import type { FrameRow, InspectionEvent, InspectorOverview, JournalRow } from '../../control/inspection/inspection.js'
import type { LiveState } from './live-state.js'

const FRAMES_KEPT = 200
/** The kinds the machine view shows: its parts, and the users (who is signed in). */
const MACHINE_KINDS: ReadonlySet<string> = new Set(['machinePart', 'user'])

/**
 * The live state once a batch of the feed's events is applied: new journal
 * rows (at most `keep`, the rest counted as dropped), frames, the overview's
 * parts the events carry, and a new version when records or the clock moved
 * (and a new machine version when the machine's parts did, a new steering
 * version when the stubs or latency did).
 *
 * @example
 * setState((previous) => applyEvents(previous, events, 10_000))
 */
export function applyEvents(previous: LiveState, events: readonly InspectionEvent[], keep: number): LiveState {
  let { overview, rows, dropped, frames, version, machineVersion, steeringVersion, clockReadAt } = previous
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
        version++
        if (event.kinds.some((kind) => MACHINE_KINDS.has(kind))) machineVersion++
        break
      case 'replaced':
        version++
        machineVersion++
        break
      case 'frame':
        newFrames.push(event.frame)
        break
      case 'steering':
        steeringVersion++
        break
      case 'clock':
        clockReadAt = Date.now()
        version++
        break
    }
    if (overview) overview = overviewWith(overview, event)
  }
  if (newRows.length > 0) {
    const all = withRows(rows, newRows)
    dropped += Math.max(0, all.length - keep)
    rows = all.length > keep ? all.slice(-keep) : all
  }
  if (newFrames.length > 0) frames = [...frames, ...newFrames].slice(-FRAMES_KEPT)
  return { ...previous, overview, rows, dropped, frames, version, machineVersion, steeringVersion, clockReadAt }
}

/** The overview with what one event tells of it: frames sent counted by stream, faults, the clock, snapshots, the scenario. */
function overviewWith(overview: InspectorOverview, event: InspectionEvent): InspectorOverview {
  switch (event.type) {
    case 'frame': {
      if (event.frame.direction === 'received') return overview
      const counts = overview.streams[event.frame.stream] ?? { clients: 0, frames: 0 }
      return {
        ...overview,
        streams: { ...overview.streams, [event.frame.stream]: { ...counts, frames: counts.frames + 1 } },
      }
    }
    case 'streams':
      return { ...overview, streams: event.streams }
    case 'faults':
      return { ...overview, faults: event.faults, streamFaults: event.streamFaults }
    case 'clock':
      return { ...overview, clock: event.clock }
    case 'snapshots':
      return { ...overview, snapshots: event.snapshots }
    case 'scenario':
      return { ...overview, scenario: event.scenario }
    default:
      return overview
  }
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

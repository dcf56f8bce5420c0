import type { InspectorOverview } from '../../control/inspection/inspection.js'
import type { Connection } from '../live/connection.js'
import { formatInstant } from '../format.js'

/**
 * One snapshot taken: its name, time and counts, and its Diff, Restore and
 * Delete buttons.
 *
 * @example
 * <SnapshotRow snapshot={snapshot} compared={compared} compare={setCompared} connection={connection} act={act} deleting={focusNext} />
 */
export function SnapshotRow({
  snapshot,
  compared,
  compare,
  connection,
  act,
  deleting,
}: {
  snapshot: InspectorOverview['snapshots'][number]
  /** The snapshot whose diff is open, if any. */
  compared: string | undefined
  compare: (id: string | undefined) => void
  connection: Connection
  act: (call: () => Promise<unknown>) => void
  /** Told as Delete is pressed, with the button: focus moves on once it is gone. */
  deleting: (button: HTMLElement) => void
}) {
  const label = snapshot.name ?? snapshot.id
  return (
    <li class="cam-form">
      <span>
        <strong>{label}</strong>{' '}
        <span class="cam-note">
          {snapshot.name ? `${snapshot.id}, ` : ''}at {formatInstant(snapshot.at)}, {snapshot.counts.conversation ?? 0}{' '}
          conversations, {snapshot.counts.asset ?? 0} assets
        </span>
      </span>
      <button
        class="cam-btn"
        aria-label={`diff ${label}`}
        aria-expanded={snapshot.id === compared}
        onClick={() => compare(snapshot.id === compared ? undefined : snapshot.id)}
      >
        Diff
      </button>
      <button
        class="cam-btn"
        aria-label={`restore ${label}`}
        onClick={() => act(() => connection.restoreSnapshot(snapshot.id))}
      >
        Restore
      </button>
      <button
        class="cam-btn cam-danger"
        aria-label={`delete ${label}`}
        onClick={(event) => {
          deleting(event.currentTarget)
          act(() => connection.deleteSnapshot(snapshot.id))
        }}
      >
        Delete
      </button>
    </li>
  )
}

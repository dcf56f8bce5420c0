import type { FaultRow } from '../../control/inspection/inspection.js'
import type { Connection } from '../live/connection.js'
import { useFocusAfterRowRemoval } from '../use-focus-after-removal.js'

/** What a fault does, in a few words. */
function effectOf(fault: FaultRow): string {
  const parts: string[] = []
  if (fault.status !== undefined) parts.push(`answers ${String(fault.status)}`)
  if (fault.networkError) parts.push('network error')
  if (fault.close) parts.push(`closes with ${String((fault.close as { code: number }).code)}`)
  if (fault.drop) parts.push('drops frames')
  if (fault.delayMs !== undefined) parts.push(`delays ${JSON.stringify(fault.delayMs)} ms`)
  return `${parts.join(', ')}, ${fault.remaining === null ? 'every time' : `${fault.remaining} more time${fault.remaining === 1 ? '' : 's'}`}`
}

/**
 * The faults waiting, each with what it does and a Remove button, and a
 * button that removes them all. Focus goes from a removed fault's button to
 * its neighbour's, or to the section's heading once none is left.
 *
 * @example
 * <FaultList faults={overview.faults} connection={connection} act={act} />
 */
export function FaultList({
  faults,
  connection,
  act,
}: {
  faults: readonly FaultRow[]
  connection: Connection
  act: (call: () => Promise<unknown>) => void
}) {
  /** Where focus goes once `button` is gone: the Remove of the fault `neighbour`, else the section's heading. */
  const thenFocus = useFocusAfterRowRemoval()
  return (
    <>
      {faults.length === 0 && <p class="cam-note">No faults waiting.</p>}
      <ul class="cam-rows">
        {faults.map((row, at) => (
          <li key={row.id} class="cam-form">
            <span>
              <strong>{row.id}</strong> {String(row.operation ?? `${String(row.stream)} stream`)}: {effectOf(row)}
            </span>
            <button
              class="cam-btn"
              aria-label={`remove ${row.id}`}
              onClick={(event) => {
                thenFocus(event.currentTarget, (faults[at + 1] ?? faults[at - 1])?.id)
                act(() => connection.removeFault(row.id))
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {faults.length > 0 && (
        <button
          class="cam-btn"
          onClick={(event) => {
            thenFocus(event.currentTarget, undefined)
            act(() => connection.clearFaults())
          }}
        >
          Remove all faults
        </button>
      )}
    </>
  )
}

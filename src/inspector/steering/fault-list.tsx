import type { FaultRow } from '../../control/inspection/inspection.js'
import type { Connection } from '../live/connection.js'

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
 * button that removes them all.
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
  return (
    <>
      {faults.length === 0 && <p class="cam-note">No faults waiting.</p>}
      <ul class="cam-rows">
        {faults.map((row) => (
          <li key={row.id} class="cam-form">
            <span>
              <strong>{row.id}</strong> {String(row.operation ?? `${String(row.stream)} stream`)}: {effectOf(row)}
            </span>
            <button
              class="cam-btn"
              aria-label={`remove ${row.id}`}
              onClick={() => act(() => connection.removeFault(row.id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {faults.length > 0 && (
        <button class="cam-btn" onClick={() => act(() => connection.clearFaults())}>
          Remove all faults
        </button>
      )}
    </>
  )
}

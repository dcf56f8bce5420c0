import type { StreamName } from '../../events/stream-paths.js'
import type { ViewProps } from '../view-props.js'
import { ActionError, inScope } from '../action-error.js'
import { FaultList } from './fault-list.js'
import { OperationFaultForm } from './operation-fault-form.js'
import { StreamFaultForm } from './stream-fault-form.js'

/**
 * Faults waiting, each removable, and the forms that add one on an
 * operation or on a stream.
 *
 * @example
 * <FaultsSection {...props} />
 */
export function FaultsSection({ connection, live, act: run }: ViewProps) {
  const act = inScope(run, 'faults')
  const overview = live.overview!
  const faults = [...overview.faults, ...overview.streamFaults]

  return (
    <section aria-label="faults">
      {/* Focus lands here once the last fault is removed. */}
      <h2 tabIndex={-1}>Faults</h2>
      <FaultList faults={faults} connection={connection} act={act} />
      <h3>On an operation</h3>
      <OperationFaultForm operations={overview.operations} connection={connection} act={act} />
      <h3>On a stream</h3>
      <StreamFaultForm streams={Object.keys(overview.streams) as StreamName[]} connection={connection} act={act} />
      <ActionError scope="faults" />
    </section>
  )
}

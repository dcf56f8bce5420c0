import type { ViewProps } from '../view-props.js'
import { ScenarioSection } from './scenario-section.js'
import { SnapshotsSection } from './snapshots-section.js'
import { FaultsSection } from './faults-section.js'
import { ClockSection } from './clock-section.js'
import { AnotherClientSection } from './another-client-section.js'

/**
 * Steering: reset, scenarios, snapshots, the clock, and faults on
 * operations and streams.
 *
 * @example
 * <SteeringView {...props} />
 */
export function SteeringView({ connection, live, act }: ViewProps) {
  const overview = live.overview
  if (!overview) return <div class="cam-col cam-wide cam-note">Loading…</div>

  return (
    <div class="cam-col cam-wide cam-steer">
      <div>
        <ScenarioSection {...{ connection, live, act }} />
        <SnapshotsSection {...{ connection, live, act }} />
        <ClockSection connection={connection} act={act} clock={overview.clock} live={live} />
        <AnotherClientSection connection={connection} act={act} />
      </div>

      <FaultsSection {...{ connection, live, act }} />
    </div>
  )
}

import type { ViewProps } from '../view-props.js'
import { ScenarioSection } from './scenario-section.js'
import { SnapshotsSection } from './snapshots-section.js'
import { FaultsSection } from './faults-section.js'
import { ClockSection } from './clock-section.js'
import { AnotherClientSection } from './another-client-section.js'
import { LatencySection } from './stubs/latency-section.js'
import { StubsSection } from './stubs/stubs-section.js'

/**
 * Steering: reset, scenarios, snapshots, the clock, latency, faults on
 * operations and streams, and stubs.
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
        <LatencySection {...{ connection, live, act }} />
        <AnotherClientSection connection={connection} act={act} />
      </div>

      <div>
        <FaultsSection {...{ connection, live, act }} />
        <StubsSection {...{ connection, live, act }} />
      </div>
    </div>
  )
}

import type { CopilotReplies } from '../control/faults/copilot-replies.js'
import type { Faults } from '../control/faults/faults.js'
import type { Latency } from '../control/latency/latency.js'
import type { Stubs } from '../control/stubs/stubs.js'
import type { Inspection } from '../control/inspection/inspection.js'
import type { Journal } from '../control/journal/journal.js'
import { deleteAsset } from '../domain/asset-writes.js'
import type { ServiceMachine } from '../domain/machine/service-machine.js'
import type { ControllableClock } from '../store/clock-and-ids/controllable-clock.js'
import type { Store } from '../store/create-store.js'
import type { MockService } from './mock-service.js'
import type { ScenarioState } from './scenario-state.js'

/** What a mock's tests and control API steer it with: reset, switch scenario, remove an asset. */
type ServiceSteering = Pick<MockService, 'reset' | 'useScenario' | 'useFixtures' | 'removeAsset'>

/** The parts of a mock its steering resets or changes. */
interface SteeringParts {
  readonly store: Store
  readonly journal: Journal
  readonly faults: Faults
  readonly stubs: Stubs
  readonly latency: Latency
  readonly copilot: CopilotReplies
  readonly clock: ControllableClock
  readonly machine: ServiceMachine
  readonly scenarios: ScenarioState
  readonly inspection: Inspection
}

/**
 * A mock's steering: `reset()` clears the journal (unless it is preserved), faults, scripted replies,
 * stubs, latency set at run time, clock and machine and reloads the scenario; `useScenario()` switches and
 * tells the inspector; `removeAsset()` deletes one asset and what hangs on it.
 *
 * @example
 * const steering = serviceSteering({ store, journal, faults, stubs, latency, copilot, clock, machine, scenarios, inspection })
 * await steering.reset()
 */
export function serviceSteering(parts: SteeringParts): ServiceSteering {
  const { store, journal, faults, stubs, latency, copilot, clock, machine, scenarios, inspection } = parts
  return {
    async reset() {
      if (!journal.preserved) journal.clear()
      faults.clear()
      stubs.clear()
      latency.reset()
      copilot.clear()
      clock.reset()
      machine.os.reset()
      await scenarios.reload()
    },
    async useScenario(name: MockService['scenario']) {
      await scenarios.use(name)
      inspection.scenarioChanged()
    },
    async useFixtures(fixtures) {
      await scenarios.useFixtures(fixtures)
      inspection.scenarioChanged()
    },
    removeAsset: (id: string) => store.write((tx) => deleteAsset(tx, id)),
  }
}

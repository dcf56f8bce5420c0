import type { ScenarioName } from 'conversation-asset-mock'
import { streamRuntimes, type StreamRuntime } from '../events/stream-runtimes.js'

/** The scenarios the clients' everyday replays run on: the default dataset, and a service with no user data yet. */
const REPLAY_SCENARIOS = ['default', 'empty'] as const satisfies readonly ScenarioName[]

type StartOptions = Parameters<(typeof streamRuntimes)[number]['start']>[0]

/**
 * Every stream runtime on every replay scenario: `start` leaves the mock on
 * the scenario, which its `reset()` then goes back to.
 *
 * @example
 * describe.each(scenarioRuntimes)('the pieces CLI, $name, $scenario scenario', ({ start }) => …)
 */
export const scenarioRuntimes: Array<{
  name: string
  scenario: ScenarioName
  start(options?: StartOptions): Promise<StreamRuntime>
}> = streamRuntimes.flatMap((runtime) =>
  REPLAY_SCENARIOS.map((scenario) => ({
    name: runtime.name,
    scenario,
    async start(options?: StartOptions) {
      const mock = await runtime.start(options)
      if (scenario !== 'default') await mock.service.useScenario(scenario)
      return mock
    },
  })),
)

import { invariant } from 'outvariant'
import { fixtureRecords, scenarioData, type ScenarioData, type ScenarioName } from '../seeding/scenarios.js'
import { deleteAsset } from '../domain/asset-writes.js'
import type { FixtureSet } from '../seeding/fixture-files.js'
import type { GenerateFixturesOptions } from '../seeding/generate-fixtures.js'
import { createStore, type Store } from '../store/create-store.js'

/** Where a service's records come from. */
export interface ScenarioSource {
  readonly fixtures?: FixtureSet
  readonly generate?: GenerateFixturesOptions
  readonly scenario?: ScenarioName
  readonly seed: number
}

/** The scenario a store holds, and the way to load it again or switch to another. */
export interface ScenarioState {
  /** The scenario `reload()` goes back to. */
  readonly current: ScenarioName
  /** Settles when the first scenario is loaded. */
  readonly ready: Promise<void>
  /** Loads the current scenario's records again. */
  reload(): Promise<void>
  /** Loads another scenario and makes it the current one. */
  use(name: ScenarioName): Promise<void>
  /** Takes another fixture set for the current scenario and the ones after; validated first, nothing changed if it throws. */
  useFixtures(next: FixtureSet): Promise<void>
}

/**
 * Loads a store's first scenario in the background and keeps which one it
 * is. The default fixtures are validated here, so bad fixtures throw from
 * the caller; a scenario with deleted assets switches in one step,
 * tombstones included.
 *
 * @example
 * const scenarios = createScenarioState(store, { seed: 1 })
 * await scenarios.use('empty')
 */
export function createScenarioState(store: Store, source: ScenarioSource): ScenarioState {
  const { seed, generate } = source
  let fixtures = source.fixtures
  invariant(
    !(source.fixtures && generate),
    'Failed to create the mock service: both "fixtures" and "generate" were given. Pass fixtures to load, or generator options, not both.',
  )
  let current: ScenarioName = source.scenario ?? 'default'
  const dataOf = (name: ScenarioName, set: FixtureSet | undefined): ScenarioData | Promise<ScenarioData> =>
    name === 'default' && !generate
      ? { records: fixtureRecords(set), goneAssets: [] }
      : scenarioData(name, { fixtures: set, seed, generate })
  let data = dataOf(current, fixtures)
  return {
    get current() {
      return current
    },
    ready: load(store, data),
    reload: () => load(store, data),
    async use(name) {
      const next = await scenarioData(name, { fixtures, seed, generate })
      await load(store, next)
      current = name
      data = next
    },
    async useFixtures(set) {
      // Validated before anything changes: a bad set throws here and the store keeps what it holds.
      const next = await dataOf(current, set)
      await load(store, next)
      fixtures = set
      data = next
    },
  }
}

async function load(store: Store, pending: ScenarioData | Promise<ScenarioData>): Promise<void> {
  const next = await pending
  if (next.goneAssets.length === 0) return store.replaceAll(next.records)
  // Delete on a scratch store, so the real one switches in one step, tombstones included.
  const scratch = createStore({ clock: store.clock })
  await scratch.replaceAll(next.records)
  await scratch.write((tx) => next.goneAssets.forEach((id) => deleteAsset(tx, id)))
  const { records, gone } = scratch.snapshot()
  return store.replaceAll(records, gone)
}

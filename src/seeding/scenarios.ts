import { defaultGoneAssetId, defaultRecords, isDefaultFixtureSet } from './default-fixtures.generated.js'
import type { FixtureSet } from './fixture-files.js'
import type { GenerateFixturesOptions } from './generate-fixtures.js'
import { validateFixtures } from './validate-fixtures.js'
import type { RecordSet } from '../store/create-store.js'
import type { RecordKind } from '../store/kinds/record-kinds.js'
import type { UserRecord } from '../store/schemas/schemas.js'

/**
 * The named datasets a mock can start from or switch to.
 *
 * @example
 * for (const name of SCENARIOS) await service.useScenario(name)
 */
export const SCENARIOS = ['default', 'empty', 'large', 'gone-asset', 'signed-out', 'cloud-disconnected'] as const

export type ScenarioName = (typeof SCENARIOS)[number]

/** A scenario's records, and the assets it starts with already deleted. */
export interface ScenarioData {
  readonly records: RecordSet
  readonly goneAssets: readonly string[]
}

/**
 * The asset the `gone-asset` scenario deletes: the first default asset a
 * conversation links, so stories and tests can show both the 410 and the
 * conversation that lost its link.
 *
 * @example
 * createMockService({ scenario: 'gone-asset' }) // GET /asset/${GONE_ASSET_ID} answers 410
 */
export const GONE_ASSET_ID: string = defaultGoneAssetId

/**
 * The records of a named scenario. `default` is the fixtures the service was
 * created with (the embedded dataset unless given) or the records it asked the
 * generator for, `empty` the machine alone (the default dataset's, or the
 * given fixtures', models, user and applications) with
 * no user data, so every public client starts on it,
 * `large` is generated from the seed (200 assets, 500 conversations of 20 to 60 messages), and
 * `gone-asset` is the default dataset with {@link GONE_ASSET_ID} deleted,
 * `signed-out` the default dataset with its user signed out (signing in finds them again), and
 * `cloud-disconnected` the default dataset with the user's cloud disconnected.
 *
 * The generator (and faker's English locale) is loaded only when `large` is
 * asked for, so browser bundles that never use it stay small.
 *
 * @example
 * const { records } = await scenarioData('large', { seed: 1 })
 */
export async function scenarioData(
  name: ScenarioName,
  options: { fixtures?: FixtureSet | undefined; seed: number; generate?: GenerateFixturesOptions | undefined },
): Promise<ScenarioData> {
  switch (name) {
    case 'default':
      if (options.generate) return { records: await generated(options.generate), goneAssets: [] }
      return { records: fixtureRecords(options.fixtures), goneAssets: [] }
    case 'empty':
      return { records: machineRecords(fixtureRecords(options.fixtures)), goneAssets: [] }
    case 'large':
      return {
        records: await generated({
          seed: options.seed,
          assets: 200,
          conversations: 500,
          messages: { min: 20, max: 60 },
        }),
        goneAssets: [],
      }
    case 'gone-asset':
      return { records: defaultRecords(), goneAssets: [GONE_ASSET_ID] }
    case 'signed-out':
      return {
        records: withUsers(defaultRecords(), (user) => ({ ...user, signedIn: false })),
        goneAssets: [],
      }
    case 'cloud-disconnected':
      return {
        records: withUsers(defaultRecords(), (user) =>
          user.allocation ? { ...user, allocation: { ...user.allocation, status: 'DISCONNECTED' } } : user,
        ),
        goneAssets: [],
      }
  }
}

/**
 * The records of a fixture set in stored form: the embedded default dataset's
 * (no set, or the default set itself) were validated when it was generated;
 * any other set is validated now.
 *
 * @example
 * await store.replaceAll(fixtureRecords(undefined))
 */
export function fixtureRecords(fixtures: FixtureSet | undefined): RecordSet {
  return fixtures === undefined || isDefaultFixtureSet(fixtures) ? defaultRecords() : validateFixtures(fixtures)
}

/**
 * The record kinds that are the machine, not its user's data: the model
 * catalogue, the user and the connected applications. The `empty` scenario
 * keeps them, so a client that needs a default model or a signed-in user
 * starts on it.
 */
const MACHINE_KINDS: readonly RecordKind[] = ['model', 'user', 'application']

/** The records of the machine kinds alone. */
function machineRecords(records: RecordSet): RecordSet {
  return Object.fromEntries(MACHINE_KINDS.flatMap((kind) => (records[kind] ? [[kind, records[kind]]] : [])))
}

function withUsers(records: RecordSet, change: (user: UserRecord) => UserRecord): RecordSet {
  return { ...records, ...(records.user && { user: records.user.map(change) }) }
}

async function generated(options: GenerateFixturesOptions): Promise<RecordSet> {
  const { generateRecords } = await import('./generate-records.js')
  return generateRecords(options)
}

/**
 * Tells whether a string names a scenario.
 *
 * @example
 * isScenarioName('empty') // true
 */
export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIOS as readonly string[]).includes(name)
}

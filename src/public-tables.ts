import { clientOperationTable } from './routes/client-operation-table.js'
import { defaultFixtureSet } from './seeding/default-fixtures.generated.js'
import type { FixtureSet } from './seeding/fixture-files.js'

/*
 * The package's data exports, as values of the root entry. The mock itself
 * reads both through functions that parse them on first use, so the runtime
 * entries (`/node`, `/browser`, `/vitest`, `/server`) start without them.
 */

/**
 * The embedded default dataset (fixtures/default), the records a mock starts with.
 *
 * @example
 * createMockService({ fixtures: { ...defaultFixtures, tag: [] } })
 */
export const defaultFixtures: FixtureSet = defaultFixtureSet()

/**
 * Every method of the official client, one entry each: its id, API class, method, path and what it sends and reads.
 *
 * @example
 * clientOperations.find((operation) => operation.id === 'osDeviceInformation')?.path // '/os/device/information'
 */
export const clientOperations = clientOperationTable()

import { clientOperations } from './client-operations.generated.js'

/**
 * The official client's operations ({@link clientOperations}), for the code
 * that reads them: the 501 routes, coverage, HAR import, stream names. The
 * bundles carry the table as JSON text and parse it on the first call, so a
 * cold start that never asks pays nothing for it (the lazy-tables plugin of tsdown.config.mjs).
 *
 * @example
 * clientOperationTable().find((operation) => operation.id === 'osDeviceInformation')?.path // '/os/device/information'
 */
export function clientOperationTable(): typeof clientOperations {
  return clientOperations
}

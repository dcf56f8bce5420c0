import type { Operation } from '../operations/define/define-operation.js'
import { clientCoverage } from '../routes/client-coverage.js'
import { operationNames, type OperationName, type OperationNames } from '../routes/operation-names.js'

/**
 * The operation id of a name (the spec's id or a client method name); throws, saying what it was `doing`, for an
 * unknown one, and for a stream's client method unless `allowStreams` (the journal lists WebSockets under them).
 */
export type ResolveOperation = (name: string, doing: string, allowStreams?: boolean) => OperationName

/**
 * Resolves the names tests use for operations (the spec's ids and the
 * official client's method names) to operation ids. The names are gathered
 * on the first look-up: a mock that is never asked by name pays nothing.
 *
 * @example
 * const resolve = operationResolver(routeTable(), () => Object.values(STREAM_PATHS))
 * resolve('conversationsSnapshot', 'add a fault')
 */
export function operationResolver(
  operations: readonly Operation[],
  streamPaths: () => readonly string[],
): ResolveOperation {
  let names: OperationNames | undefined
  return (name, doing, allowStreams) => {
    names ??= operationNames(operations, clientCoverage(operations, streamPaths()))
    return names.resolve(name, doing, allowStreams) as OperationName
  }
}

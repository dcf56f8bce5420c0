import { InvariantError } from 'outvariant'
import type { ClientOperationCoverage } from './client-coverage.js'
import type { ClientOperationId } from './client-operations.generated.js'
import { closestNames, quotedName } from './closest-names.js'
import type { ServiceOperationId } from './service-operation-ids.generated.js'

/**
 * A name of an operation the control plane takes: the spec's operation id
 * (`asset_snapshot`, `conversationsSnapshot`), or the official client's
 * method name (`assetSnapshot`), an alias of the spec's id where they differ.
 */
export type OperationName = ServiceOperationId | ClientOperationId

/** Turns operation names into the ids the journal and faults use. */
export interface OperationNames {
  /**
   * The operation id of a name: the name itself for an id of the route table
   * (or of an operation answered 501), the spec's id for a client method name
   * that differs; with `streams`, also the client's method of a stream the
   * mock serves (`qgptStream`: its WebSockets are journaled under it). Throws
   * for any other name, naming the closest valid ones.
   */
  resolve(name: string, doing: string, streams?: boolean): string
}

/**
 * The names of the operations the mock journals: the ids of the route table
 * and of the client operations it answers 501, and the client's method names
 * of the operations the route table answers under the spec's id.
 *
 * @example
 * const names = operationNames(routeTable(), clientCoverage(routeTable(), streamPaths))
 * names.resolve('assetSnapshot', 'add a fault') // 'asset_snapshot'
 */
export function operationNames(
  operations: readonly { readonly id: string }[],
  coverage: readonly ClientOperationCoverage[],
): OperationNames {
  const ids = new Map<string, string>()
  const streams = new Set<string>()
  for (const operation of operations) ids.set(operation.id, operation.id)
  for (const entry of coverage) {
    if (entry.answer === 'stream') streams.add(entry.client.id)
    else if (!ids.has(entry.client.id))
      ids.set(entry.client.id, entry.answer === 'stateful' ? entry.operation.id : entry.client.id)
  }
  return {
    resolve(name, doing, allowStreams = false) {
      const id = ids.get(name)
      if (id !== undefined) return id
      if (streams.has(name)) {
        if (allowStreams) return name
        throw new InvariantError(
          `Failed to ${doing}: ${quotedName(name)} is a stream, not a request. Use faults.addStream({ stream, … }) (POST /__mock/faults with "stream") for its frames, and verify({ stream, … }) for its connections.`,
        )
      }
      const closest = closestNames(name, ids.keys())
      const hint = closest.length > 0 ? ` Did you mean ${closest.map((candidate) => `"${candidate}"`).join(', ')}?` : ''
      throw new InvariantError(
        `Failed to ${doing}: ${quotedName(name)} is not an operation of the mock.${hint} Use the spec's operation id or the official client's method name (GET /__mock/overview lists the ids).`,
      )
    },
  }
}

import { MockServiceError } from '../errors.js'
import { defineOperation, type Operation } from '../operations/define/define-operation.js'
import { plainGetOnStreamText } from '../operations/define/plain-get-on-stream.js'
import { clientOperationTable } from './client-operation-table.js'
import type { ClientOperation } from './client-operations.generated.js'

/**
 * How the mock answers one method of the official client: an operation of the
 * route table (with its state), a WebSocket stream the mock serves, or the
 * 501 of an operation it does not implement.
 */
export type ClientOperationCoverage =
  | { readonly client: ClientOperation; readonly answer: 'stateful'; readonly operation: Operation }
  | { readonly client: ClientOperation; readonly answer: 'stream' }
  | { readonly client: ClientOperation; readonly answer: 'not implemented' }

/** A method and a path pattern, with the names of its parameters left out. */
const routeKey = (method: string, path: string) => `${method} ${path.replace(/:[^/]+/g, ':')}`

/**
 * Says, for every method of the official client, how the mock answers it:
 * by the route table operation that answers the same method and path (its
 * parameters may be named otherwise, and its id may be the spec's), or that
 * has the client's id and answers a path the client's fits (the MCP entry
 * points, written with their schema version where the client has a
 * parameter), as one of the WebSocket streams it serves, or not at all.
 *
 * @example
 * clientCoverage(routeTable(), ['/conversations/stream/identifiers']).find((c) => c.client.id === 'assetSnapshot')?.answer // 'stateful'
 */
export function clientCoverage(
  operations: readonly Operation[],
  streamPaths: readonly string[],
): ClientOperationCoverage[] {
  const byRoute = new Map<string, Operation>()
  for (const operation of operations) {
    for (const path of operation.paths) byRoute.set(routeKey(operation.method, path), operation)
  }
  const byId = new Map(operations.map((operation) => [operation.id, operation]))
  const streams = new Set(streamPaths)
  return clientOperationTable().map((client): ClientOperationCoverage => {
    if (client.websocket && streams.has(client.path)) return { client, answer: 'stream' }
    const operation = byRoute.get(routeKey(client.method, client.path)) ?? sameIdAtFittingPath(byId, client)
    return operation ? { client, answer: 'stateful', operation } : { client, answer: 'not implemented' }
  })
}

/** The operation of the client's id and method at a path the client's fits, a parameter of the client's for a fixed segment. */
function sameIdAtFittingPath(byId: ReadonlyMap<string, Operation>, client: ClientOperation): Operation | undefined {
  const operation = byId.get(client.id)
  if (!operation || operation.method !== client.method) return undefined
  const pattern = client.path.split('/')
  const fits = (path: string) => {
    const segments = path.split('/')
    return (
      segments.length === pattern.length && pattern.every((part, i) => part.startsWith(':') || part === segments[i])
    )
  }
  return operation.paths.some(fits) ? operation : undefined
}

/**
 * What the mock answers for a client operation it does not implement, with
 * the client's operation id and its method and path as the client writes them.
 *
 * @example
 * notImplementedText({ id: 'osDeviceInformation', method: 'GET', path: '/os/device/information' })
 * // 'conversation-asset-mock does not implement osDeviceInformation (GET /os/device/information)'
 */
function notImplementedText(operation: {
  readonly id: string
  readonly method: string
  readonly path: string
}): string {
  const path = operation.path.replace(/:([A-Za-z_]+)/g, '{$1}')
  return `conversation-asset-mock does not implement ${operation.id} (${operation.method} ${path})`
}

/**
 * The operations that answer every client operation the route table and the
 * streams leave out: each is routed under the client's path and journaled
 * under the client's id (so `verify()` and faults name it), and answers 501
 * text/plain naming it. A plain GET on a stream the mock serves (which the
 * streams answer only as an upgrade) answers 426 naming the stream.
 *
 * @example
 * unimplementedOperations(routeTable(), Object.values(STREAM_PATHS)).length // 586 minus what the mock answers
 */
export function unimplementedOperations(operations: readonly Operation[], streamPaths: readonly string[]): Operation[] {
  const coverage = clientCoverage(operations, streamPaths)
  return [...notImplemented(coverage), ...plainGetsOnStreams(coverage, operations, streamPaths)]
}

/** The 501 of each client operation the mock does not implement. */
function notImplemented(coverage: readonly ClientOperationCoverage[]): Operation[] {
  return coverage
    .filter((entry) => entry.answer === 'not implemented')
    .map(({ client }) => {
      const text = notImplementedText(client)
      return defineOperation({
        id: client.id,
        method: client.method,
        paths: [client.path],
        params: {},
        // Whatever the client sends (JSON, or a form as the OAuth and PKCE operations do), the answer is the 501.
        body: 'ignored',
        run() {
          throw new MockServiceError('NOT_IMPLEMENTED', text)
        },
      })
    })
}

/**
 * The 426 of a plain GET on each stream the mock serves, unless the route table answers that GET itself;
 * journaled under the client's operation id, or for a stream the client does not name, its path in camelCase.
 */
function plainGetsOnStreams(
  coverage: readonly ClientOperationCoverage[],
  operations: readonly Operation[],
  streamPaths: readonly string[],
): Operation[] {
  const routed = new Set(
    operations.filter((operation) => operation.method === 'GET').flatMap((operation) => operation.paths),
  )
  const clientIds = new Map(
    coverage
      .filter((entry) => entry.answer === 'stream')
      .map(({ client }): [string, string] => [client.path, client.id]),
  )
  return streamPaths
    .filter((path) => !routed.has(path))
    .map((path) => {
      const id = clientIds.get(path) ?? camelCaseOf(path)
      const text = plainGetOnStreamText(path, id)
      return defineOperation({
        id,
        method: 'GET',
        paths: [path],
        params: {},
        body: 'ignored',
        run() {
          throw new MockServiceError('UPGRADE_REQUIRED', text)
        },
      })
    })
}

/** `/user/last_checked_in/stream` → `userLastCheckedInStream`. */
function camelCaseOf(path: string): string {
  return path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, index) => (index === 0 ? word : `${word[0]!.toUpperCase()}${word.slice(1)}`))
    .join('')
}

/**
 * The 501 text of a WebSocket stream of the official client that the mock
 * does not serve, when `path` is one; undefined for any other path.
 *
 * @example
 * unimplementedStreamText('/os/settings/stream') // 'conversation-asset-mock does not implement osSettingsStream (GET /os/settings/stream)'
 */
export function unimplementedStreamText(path: string): string | undefined {
  const segments = path.split('/')
  const client = clientOperationTable().find((operation) => {
    if (!operation.websocket) return false
    const pattern = operation.path.split('/')
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index])
    )
  })
  return client && notImplementedText(client)
}

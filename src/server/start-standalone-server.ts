import { createMockService, type MockService } from '../core/create-mock-service.js'
import { portOf } from '../core/service-port.js'
import { streamUrlsOf, type StreamName } from '../events/stream-paths.js'
import { createStoreBudget } from '../store/store-budget.js'
import { createControlBudget } from '../control/budget/control-budget.js'
import type { RequestContext } from './http/answer-request.js'
import { attachServiceStreams } from './streams/attach-service-streams.js'
import type { StreamDropReason } from './streams/attach-stream-server.js'
import { createBodyBudget } from './http/body-budget.js'
import { closeStandaloneServer, stopServing, type ServerParts } from './close-standalone-server.js'
import { createHttpServer } from './http/create-http-server.js'
import { createRequestHandler } from './http/create-request-handler.js'
import { listenOn, type ListeningAddress } from './http/listen-on.js'
import { selectSession } from './sessions/select-session.js'
import { createInspectorServer } from './serve-inspector.js'
import { serveApplets } from './applets/serve-applets.js'
import type { StandaloneServerOptions } from './standalone-server-options.js'
import { trackConnections } from './http/track-connections.js'
import { createAnswerBatch } from './http/write-answer.js'
import type { UpstreamForwarder } from '../replay/recording/create-upstream-forwarder.js'

/** The mock served over real HTTP on localhost. */
export interface StandaloneServer {
  /** The mock it serves: store, route table and control plane. */
  readonly service: MockService
  /** Where it answers, e.g. http://127.0.0.1:39300. */
  readonly url: string
  /** Every stream, e.g. ws://127.0.0.1:39300/conversations/stream/identifiers. */
  readonly streamUrls: Readonly<Record<StreamName, string>>
  readonly port: number
  /** Stream clients dropped so far: closed for reading too slowly, or cut off for missing a pong. */
  readonly streamClientsDropped: Readonly<Record<StreamDropReason, number>>
  /**
   * Stops accepting connections, closes the idle and stalled ones, lets the
   * requests in flight finish (for `shutdownTimeoutMs` at most), and resolves
   * once every connection is closed and the persisted file is written.
   */
  close(): Promise<void>
}

const DEFAULT_MAX_BODY = 16 * 1024 * 1024
const DEFAULT_MAX_BODY_IN_FLIGHT = 64 * 1024 * 1024
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000
const DEFAULT_MAX_CONNECTIONS = 1024

/**
 * Serves the mock on a real HTTP port: every request is routed by the
 * service's own router, as in process (see decisions/0002-one-route-table.md).
 *
 * @example
 * const server = await startStandaloneServer({ port: 0 })
 * await fetch(`${server.url}/conversations`)
 * await server.close()
 */
export async function startStandaloneServer(options: StandaloneServerOptions = {}): Promise<StandaloneServer> {
  // One store budget and one control budget for the default mock and every session: memory stays bounded by them, however many sessions.
  const shared = {
    ...options,
    storeBudget: options.storeBudget ?? createStoreBudget(options.maxStoreBytes),
    controlBudget: options.controlBudget ?? createControlBudget(options.maxControlBytes),
  }
  const service = createMockService(shared)
  // What only --proxy and --persist use (https, the file's lock and change log) is loaded when they are set.
  const proxy = options.proxy === undefined ? undefined : await upstreamForwarder(options.proxy, options.proxyLimits)
  const parts = createServerParts(service, shared, proxy)
  const { server, context } = parts
  await service.ready
  try {
    context.persistence = options.persist
      ? await (
          await import('../persistence/file/file-persistence.js')
        ).persistToFile(service, options.persist, {
          ...(options.durability && { durability: options.durability }),
          ...(options.warn && { warn: options.warn }),
        })
      : undefined
  } catch (error) {
    // The file is another server's, or cannot be read: nothing is left running.
    stopServing(parts)
    throw error
  }
  let address: ListeningAddress
  try {
    address = await listenOn(server, options.port ?? 39300, options.host ?? '127.0.0.1')
  } catch (error) {
    // A port in use or an address not of this machine: nothing is left running.
    stopServing(parts)
    await context.persistence?.stop()
    throw error
  }
  return {
    service,
    url: address.url,
    streamUrls: streamUrlsOf(address.url),
    port: address.port,
    streamClientsDropped: parts.streams.dropped,
    close: () => closeStandaloneServer(parts, options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS),
  }
}

/**
 * The default mock's port, its sessions (made with `options`, which carry the
 * store and control budgets they share with it), and the HTTP server answering them, its
 * streams attached, not yet listening.
 */
function createServerParts(
  service: MockService,
  options: StandaloneServerOptions,
  proxy: UpstreamForwarder | undefined,
): ServerParts {
  const port = portOf(service)
  const sessions = selectSession(port, options)
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY
  const bodyBudget = createBodyBudget(
    options.maxBodyBytesInFlight ?? Math.max(DEFAULT_MAX_BODY_IN_FLIGHT, maxBodyBytes),
  )
  const answers = createAnswerBatch()
  const context: RequestContext = {
    options,
    service: port,
    sessions,
    maxBodyBytes,
    bodyBudget,
    answers,
    inspector: createInspectorServer(service.inspection),
    persistence: undefined,
    closing: false,
    ...(proxy && { proxy }),
  }
  const server = createHttpServer(options)
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS
  const connections = trackConnections(server, maxConnections)
  server.on('request', createRequestHandler(context, connections, maxConnections))
  // Stream clients have their own cap (maxStreamClients): an upgraded connection leaves HTTP's count.
  const streams = attachServiceStreams(server, port, { sessions, options })
  // Launched applets answer on ports of their own, on the server's address.
  const applets = { store: service.store, os: service.machine.os, version: service.info.version }
  const stopApplets = serveApplets(applets, options.host ?? '127.0.0.1')
  return { server, service: port, sessions, streams, connections, context, stopApplets }
}

/** The forwarder of `--proxy`, loaded only when it is set. */
async function upstreamForwarder(
  upstream: string,
  limits: StandaloneServerOptions['proxyLimits'],
): Promise<UpstreamForwarder> {
  return (await import('../replay/recording/create-upstream-forwarder.js')).createUpstreamForwarder(upstream, limits)
}

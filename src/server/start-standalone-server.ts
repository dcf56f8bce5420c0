import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { isControlPath, isLoopbackAddress, type RequestClient } from '../core/access-policy.js'
import { createMockService, type MockService } from '../core/create-mock-service.js'
import { streamUrlsOf, type StreamName } from '../events/stream-paths.js'
import { errorAnswer, textAnswer, type Answer } from '../execution/answer.js'
import { clientErrorAnswerer } from './answer-client-error.js'
import { attachStreamServer, type StreamDropReason } from './attach-stream-server.js'
import { controlBodyRefusal } from './control-body-refusal.js'
import { persistToFile } from './file-persistence.js'
import { createBodyBudget } from './body-budget.js'
import { readBody } from './read-body.js'
import { selectSession } from './select-session.js'
import { createStoreBudget } from '../store/store-budget.js'
import { createInspectorServer } from './serve-inspector.js'
import type { StandaloneServerOptions } from './standalone-server-options.js'
import { trackConnections } from './track-connections.js'
import { createAnswerBatch } from './write-answer.js'
import { forwardUnimplemented } from './forward-unimplemented.js'

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
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000
/** How long a kept-alive connection may stay idle between two requests. */
const KEEP_ALIVE_TIMEOUT_MS = 60_000

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
  // One store budget for the default mock and every session: memory stays bounded by it, however many sessions.
  const shared = { ...options, storeBudget: options.storeBudget ?? createStoreBudget(options.maxStoreBytes) }
  const service = createMockService(shared)
  const sessions = selectSession(service, shared)
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY
  const bodyBudget = createBodyBudget(
    options.maxBodyBytesInFlight ?? Math.max(DEFAULT_MAX_BODY_IN_FLIGHT, maxBodyBytes),
  )

  // Set by close(): answers from then on end their connections.
  let closing = false

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = options.log ? performance.now() : 0
    const method = request.method ?? 'GET'
    const rawUrl = request.url ?? '/'
    const queryStart = rawUrl.indexOf('?')
    const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart)
    const control = isControlPath(path)
    // Only the control API weighs the client's address and origin; an operation reads its `Host` alone.
    const client: RequestClient = control ? clientOf(request) : { host: request.headers.host }
    const session = sessions.select(request, false)
    const target = 'service' in session ? session.service : service
    // The control API and the inspector: this machine's clients, through a loopback name, from no other site.
    const refusal = control ? service.access.refusal(path, client) : undefined
    // A page of an origin the options allow may read the control API's answers too; no other page may.
    const origin = request.headers.origin
    if (control && !refusal && origin !== undefined && service.access.allowsOrigin(origin)) {
      response.setHeader('access-control-allow-origin', origin)
      response.setHeader('vary', 'origin')
    }
    let result: Answer
    if (method === 'OPTIONS') {
      request.resume()
      if (refusal) {
        result = textAnswer(403, refusal)
      } else {
        if (control) {
          response.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
          response.setHeader('access-control-allow-headers', 'content-type')
        }
        result = { status: 204 }
      }
    } else {
      const route = target.route(method, path)
      const bodyRefusal = control && !refusal ? controlBodyRefusal(request.headers) : undefined
      if (refusal) {
        request.resume()
        result = textAnswer(403, refusal)
      } else if ('refusal' in session) {
        request.resume()
        result = textAnswer(400, session.refusal)
      } else if (bodyRefusal) {
        request.resume()
        result = textAnswer(415, bodyRefusal)
      } else if (!route) {
        request.resume()
        result = textAnswer(404, `No operation of the service answers ${method} ${path}.`)
      } else if ('control' in route && route.control.served) {
        request.resume()
        return inspector.serve(route.control.served, response)
      } else {
        try {
          const body = await readBody(request, maxBodyBytes, bodyBudget, response)
          const query = new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1))
          const work = () => target.answer(route, { method, path, query, body, ...client })
          // Durable --persist: the answer waits until the request's writes are on disk.
          result = persistence && target === service ? await persistence.settle(work) : await work()
          if (options.proxy && !control)
            result = await forwardUnimplemented(options.proxy, request, rawUrl, body, result)
        } catch (error) {
          result = errorAnswer(error)
        }
      }
    }
    // Once close() has begun, a request still in flight gets its answer and its connection ends with it.
    if (closing) response.setHeader('connection', 'close')
    answers.add(response, result, !control)
    if (options.log) {
      const status = 'networkError' in result ? 'network error' : result.status
      options.log(`${method} ${rawUrl} ${status} ${(performance.now() - started).toFixed(1)}ms`)
    }
  }

  const answers = createAnswerBatch()
  const inspector = createInspectorServer(service.inspection)
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout)
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node finds the connections past their timeouts this often (30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    (request, response) => {
      if (connections.refuses(request.socket)) {
        request.resume()
        response.setHeader('connection', 'close')
        answers.add(response, textAnswer(503, tooManyConnections(maxConnections)))
        return
      }
      connections.answering(request, response)
      answer(request, response).catch((error: unknown) => answers.add(response, errorAnswer(error)))
    },
  )
  // A client busy for seconds with a large answer it read (parsing 50 MiB of JSON) reuses its kept-alive
  // connection after Node's 5 s would have closed it: it got "other side closed". Idle connections are
  // kept a minute instead; past the cap, the connection idle the longest makes room for a new one.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS
  const connections = trackConnections(server, maxConnections)
  const streamClientsDropped: Record<StreamDropReason, number> = { slow: 0, unresponsive: 0 }
  const closeStreams = attachStreamServer(server, service, {
    serviceFor(request) {
      const session = sessions.select(request, true)
      return 'service' in session ? session.service : undefined
    },
    log: options.log,
    bufferLimitBytes: options.streamBufferLimitBytes,
    pingIntervalMs: options.streamPingIntervalMs,
    onDrop(reason) {
      streamClientsDropped[reason]++
      options.log?.(
        reason === 'slow'
          ? 'stream client closed (1013): it stopped reading'
          : 'stream client dropped: it did not answer a ping',
      )
    },
    refusal(request, socket) {
      if (connections.refuses(socket as Socket)) return { status: 503, text: tooManyConnections(maxConnections) }
      const refusal = service.access.refusal((request.url ?? '/').split('?')[0]!, clientOf(request))
      return refusal ? { status: 403, text: refusal } : undefined
    },
  })
  server.on('clientError', clientErrorAnswerer({ headersTimeoutMs: headersTimeout, requestTimeoutMs: requestTimeout }))
  // `Expect: 100-continue` is answered by readBody, once the body is wanted: a refused request gets no 100 first.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) =>
    server.emit('request', request, response),
  )

  await service.ready
  const persistence = options.persist
    ? await persistToFile(service, options.persist, {
        ...(options.durability && { durability: options.durability }),
        ...(options.warn && { warn: options.warn }),
      })
    : undefined
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 39300, options.host ?? '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    // A port in use or an address not of this machine: nothing is left running.
    closeStreams()
    inspector.close()
    service.close()
    sessions.close()
    await persistence?.stop()
    throw error
  }
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${host}:${address.port}`

  return {
    service,
    url,
    streamUrls: streamUrlsOf(url),
    port: address.port,
    streamClientsDropped,
    close() {
      return new Promise((resolve, reject) => {
        closing = true
        closeStreams()
        inspector.close()
        service.close()
        sessions.close()
        server.close((error) => {
          const persisted = persistence?.stop() ?? Promise.resolve()
          persisted.then(() => (error ? reject(error) : resolve()), reject)
        })
        connections.shutdown(options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS)
      })
    },
  }
}

function tooManyConnections(limit: number): string {
  return `The mock has ${limit} connections open, its limit (maxConnections). Close some, or start it with a higher maxConnections.`
}

/** What the control API's access policy weighs of a client: its address, and the `Host` and `Origin` it sent. */
function clientOf(request: IncomingMessage): RequestClient {
  const { host, origin } = request.headers
  return {
    loopback: isLoopbackAddress(request.socket.remoteAddress),
    ...(host !== undefined && { host }),
    ...(origin !== undefined && { origin }),
  }
}

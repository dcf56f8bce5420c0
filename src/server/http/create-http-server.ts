import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { clientErrorAnswerer } from './answer-client-error.js'
import type { StandaloneServerOptions } from '../standalone-server-options.js'

const DEFAULT_HEADERS_TIMEOUT_MS = 10_000
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000
/** How long a kept-alive connection may stay idle between two requests. */
const KEEP_ALIVE_TIMEOUT_MS = 60_000

/**
 * The standalone server's `node:http` server, not yet listening and with no
 * `request` listener: its timeouts, keep-alive, malformed-request answers
 * and `Expect: 100-continue` handling set from the options.
 *
 * @example
 * const server = createHttpServer({ requestTimeoutMs: 30_000 })
 * server.on('request', handler)
 */
export function createHttpServer(options: StandaloneServerOptions): Server {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout)
  const server = createServer({
    headersTimeout,
    requestTimeout,
    // Node finds the connections past their timeouts this often (30 s by default).
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
  })
  // A client busy for seconds with a large answer it read (parsing 50 MiB of JSON) reuses its kept-alive
  // connection after Node's 5 s would have closed it: it got "other side closed". Idle connections are
  // kept a minute instead; past the cap, the connection idle the longest makes room for a new one.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.on('clientError', clientErrorAnswerer({ headersTimeoutMs: headersTimeout, requestTimeoutMs: requestTimeout }))
  // `Expect: 100-continue` is answered by readBody, once the body is wanted: a refused request gets no 100 first.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) =>
    server.emit('request', request, response),
  )
  return server
}

import type { StreamEndpoint } from '../events/stream-endpoint.js'
import type { StreamClosing } from '../events/stream-hub.js'
import type { Answer } from '../execution/answer.js'
import type { Store } from '../store/create-store.js'
import type { AccessPolicy } from './access-policy.js'
import type { MockService } from './mock-service.js'
import type { ServiceRequest, ServiceRoute } from './service-request.js'
import type { UpgradeRefusal } from './upgrade-refusal.js'

/**
 * What a transport needs of a service, and nothing of its test API: the
 * dispatcher (`route`, `answer`), the streams, the access policy and the
 * limits it applies before reading, and the service's life (`ready`,
 * `close`). The MSW, Playwright and standalone adapters serve a port; get a
 * service's with {@link portOf}.
 */
export interface ServicePort {
  /** Settles when the first scenario is loaded; answers wait for it themselves. */
  readonly ready: Promise<void>
  /** The route of a method and a path as sent (without the query), or undefined; a HEAD takes its GET's route, marked `head`. */
  route(method: string, path: string): ServiceRoute | undefined
  /** Answers a request on its route; never throws. A control route answers 403 to a client `access` refuses. */
  answer(route: ServiceRoute, request: ServiceRequest): Promise<Answer>
  /**
   * Answers, and journals, a request under the base URL no route answers:
   * 404 naming it and the nearest operations (the same text in every runtime).
   */
  answerUnknown(request: ServiceRequest): Answer
  /** The stream served at a path (without the query), or undefined. */
  streamAt(path: string): StreamEndpoint | undefined
  /** Every stream at a literal path (identifier, status and copilot streams); a model's download stream is found by `streamAt`. */
  readonly streams: readonly StreamEndpoint[]
  /** Journals a refused WebSocket upgrade and returns what to answer: the transport's refusal when given, else the path's. */
  refuseUpgrade(path: string, refusal?: UpgradeRefusal): UpgradeRefusal
  /** Who may use the control API: transports ask it before they read a body or open a stream. */
  readonly access: AccessPolicy
  /** The largest request body `answer()` takes, in bytes: transports refuse a longer one before they read it. */
  readonly maxBodyBytes: number
  /**
   * The records, as far as a transport watches them: the models whose
   * download streams MSW serves, and the budget a dropped session gives back.
   */
  readonly store: Pick<Store, 'all' | 'subscribe' | 'release'>
  /**
   * Ends every long-lived answer still being written (the MCP server's event
   * streams), for a transport that stops serving while the service lives on;
   * later requests may open new ones.
   */
  endLiveAnswers(): void
  /**
   * Ends the long-lived answers and stops listening to the store; its stream
   * clients are forgotten (the transport closes them), or, given a code and
   * reason, each copilot answer is ended with its final frame (`STOPPED`)
   * and every client closed with them (a dropped session).
   */
  close(closing?: StreamClosing): void
}

// Symbol.for: a service made by one copy of the package (the root's bundle) is served by another's (an entry's).
const PORT = Symbol.for('conversation-asset-mock.service-port')

/**
 * The transport port of a service `createMockService()` made (or an object
 * made from one with `Object.create`, as the runtime entries make theirs).
 * Throws a readable error for anything else.
 *
 * @example
 * const port = portOf(createMockService())
 * const route = port.route('GET', '/conversations')
 */
export function portOf(service: MockService): ServicePort {
  const port = (service as { readonly [PORT]?: ServicePort })[PORT]
  if (port) return port
  throw new Error(
    'Failed to serve the mock: the service given was not made by createMockService() (a copy of one loses its transport port). Pass the service createMockService() returns, or an object made from it with Object.create().',
  )
}

/**
 * Gives a service its port, as a member no enumeration, spread or type of
 * the service shows.
 *
 * @example
 * return withPort(service, { ready, route, answer, streamAt, streams, refuseUpgrade, access, maxBodyBytes, store, endLiveAnswers, close })
 */
export function withPort<Service extends object>(service: Service, port: ServicePort): Service {
  Object.defineProperty(service, PORT, { value: port })
  return service
}

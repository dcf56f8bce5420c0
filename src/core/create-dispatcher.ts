import type { ControlRoute } from '../control/api/control-route.js'
import type { StreamEndpoint } from '../events/stream-endpoint.js'
import { errorAnswer, headAnswer, textAnswer, type Answer } from '../execution/answer.js'
import { bodyTooLarge, isOverBodyLimit } from '../execution/body-limit.js'
import type { RequestMarks } from '../execution/request-marks.js'
import {
  executeOperation,
  queryFields,
  type ExecutionEnvironment,
  type OperationInput,
} from '../execution/execute-operation.js'
import type { Operation } from '../operations/define/define-operation.js'
import { unimplementedOperations } from '../routes/client-coverage.js'
import { isoTimestamp } from '../store/clock-and-ids/clock.js'
import { createLayeredRouter } from '../routes/layered-router.js'
import { UNKNOWN_OPERATION, unknownRouteText } from '../routes/unknown-route.js'
import type { Route } from '../routes/router.js'
import type { AccessPolicy } from './access-policy.js'
import { answerControl } from './answer-control.js'
import { createRouteMemo } from './route-memo.js'
import type { ServiceRequest, ServiceRoute } from './service-request.js'

/** What the dispatcher routes to and answers with. */
export interface DispatcherParts {
  /** The route table. */
  readonly operations: readonly Operation[]
  readonly streams: ServiceStreams
  readonly control: readonly ControlRoute[]
  /** What operations run against. */
  readonly environment: ExecutionEnvironment
  /** Who may use the control API. */
  readonly access: AccessPolicy
  /** Settles when the first scenario is loaded; answers wait for it. */
  readonly ready: Promise<void>
  /** The largest request body answered, in bytes; a larger one answers 413 before it is parsed. */
  readonly maxBodyBytes: number
}

/** The streams a service serves: one endpoint per literal path, and those found by a path pattern (a model's download). */
export interface ServiceStreams {
  readonly endpoints: readonly StreamEndpoint[]
  /** Every stream's path, patterns (`/model/:model/download/progress`) included. */
  readonly paths: readonly string[]
  /** The stream of a path no literal endpoint has, when a pattern matches it. */
  pattern(path: string): StreamEndpoint | undefined
  /** Ends every copilot answer with its final frame, then closes every stream client with a code and reason. */
  disconnect(code: number, reason: string): void
  close(): void
}

/** Routes requests and streams, and answers requests: the one entrance every transport uses. */
export interface Dispatcher {
  /** The route of a method and a path as sent, or undefined; a HEAD with no route of its own takes the GET's, marked `head`. */
  route(method: string, path: string): ServiceRoute | undefined
  /** Answers a request on its route; never throws. */
  answer(route: ServiceRoute, request: ServiceRequest): Promise<Answer>
  /** The stream served at a path (without the query), or undefined. */
  streamAt(path: string): StreamEndpoint | undefined
  /**
   * Answers a request no route answers: 404 naming it and the nearest
   * operations, journaled under {@link UNKNOWN_OPERATION}.
   */
  answerUnknown(request: ServiceRequest): Answer
}

type Target = { readonly operation: Operation } | { readonly control: ControlRoute }

/**
 * The dispatcher of a service: one router over the route table, the client's
 * unimplemented operations (501 naming them) and the control API; answers
 * run the operation through the executor, or the control route once the
 * access policy allows it, and a HEAD is answered as its GET without a body.
 *
 * @example
 * const dispatcher = createDispatcher({ operations, streams, control, environment, access, ready, maxBodyBytes: 16 * 1024 * 1024 })
 * const route = dispatcher.route('GET', '/conversations')
 */
export function createDispatcher(given: DispatcherParts): Dispatcher {
  // Operations read bodies under the service's limit: the keys a body may have grow with it.
  const parts = { ...given, environment: { ...given.environment, maxBodyBytes: given.maxBodyBytes } }
  const router = createLayeredRouter(routesOf(parts), () => unimplementedRoutesOf(parts))
  const streamsByPath = new Map(parts.streams.endpoints.map((stream) => [stream.path, stream]))
  const memo = createRouteMemo<ServiceRoute>()
  // Once the first scenario is loaded, answers no longer wait a turn for it.
  let ready = false
  void parts.ready.then(
    () => (ready = true),
    () => undefined,
  )
  const find = (method: string, path: string): ServiceRoute | undefined => {
    const match = router.find(method, path)
    if (match) return { ...match.target, params: Object.freeze(match.params) }
    const get = method === 'HEAD' ? router.find('GET', path) : undefined
    return get && { ...get.target, params: Object.freeze(get.params), head: true }
  }
  return {
    route: (method, path) => memo.route(method, path, () => find(method, path)),
    answer(route, request) {
      return ready ? answerRoute(parts, route, request) : parts.ready.then(() => answerRoute(parts, route, request))
    },
    streamAt: (path) => streamsByPath.get(path) ?? parts.streams.pattern(path),
    answerUnknown: (request) => answerUnknown(parts, request),
  }
}

/** A request no route answers: 404 with the nearest operations, journaled like any answer. */
function answerUnknown({ operations, environment }: DispatcherParts, request: ServiceRequest): Answer {
  const now = environment.store.clock.now()
  const answer = textAnswer(404, unknownRouteText(request.method, request.path, operations))
  environment.record?.(
    {
      operation: UNKNOWN_OPERATION,
      ...{ method: request.method, path: request.path, params: {}, bodyText: request.body },
      ...queryFields(request.query),
      ...(request.headers && { requestHeaders: request.headers() }),
      ...{ status: 404, durationMs: 0, at: isoTimestamp(now.getTime()) },
      ...(request.marks && { marks: handledAt(request.marks) }),
    },
    answer,
  )
  return answer
}

/** Marks a request handled now, with no handler run (a path no route answers). */
function handledAt(marks: RequestMarks): RequestMarks {
  marks.handled = marks.started = performance.now()
  return marks
}

/**
 * Answers a request on its route. An operation's answer is the executor's own
 * promise, handed back without another turn of the event loop; it never rejects.
 */
function answerRoute(parts: DispatcherParts, route: ServiceRoute, request: ServiceRequest): Promise<Answer> {
  try {
    // Whatever the transport let through, nothing larger than the limit is parsed.
    if (isOverBodyLimit(request.body, parts.maxBodyBytes)) {
      return Promise.resolve(errorAnswer(bodyTooLarge(parts.maxBodyBytes)))
    }
    const answered =
      'control' in route
        ? Promise.resolve(answerControlRoute(parts, route, request))
        : executeOperation(route.operation, operationInput(route.params, request), parts.environment)
    return route.head ? answered.then(headAnswer) : answered
  } catch (error) {
    return Promise.reject(error)
  }
}

/** What the executor reads of a request routed to an operation. */
function operationInput(params: Readonly<Record<string, string>>, request: ServiceRequest): OperationInput {
  const { method, path, query, body, host, header, headers, marks } = request
  // Assigned, not spread: a spread of optional parts costs more than the request's own work.
  const input: { -readonly [K in keyof OperationInput]: OperationInput[K] } = { method, path, params, query, body }
  if (host !== undefined) input.host = host
  if (header) input.header = header
  if (headers) input.headers = headers
  if (marks) input.marks = marks
  return input
}

/** A control route's answer: 403 with the policy's reason for a client it refuses. */
function answerControlRoute(
  { access, maxBodyBytes }: Pick<DispatcherParts, 'access' | 'maxBodyBytes'>,
  route: { readonly control: ControlRoute; readonly params: Readonly<Record<string, string>> },
  request: ServiceRequest,
): Promise<Answer> | Answer {
  const refusal = access.refusal(request.path, request)
  return refusal ? textAnswer(403, refusal) : answerControl(route.control, route.params, request, maxBodyBytes)
}

/** The routes a service answers: the table's operations and the control API. */
function* routesOf({ operations, control }: DispatcherParts): Iterable<Route<Target>> {
  for (const operation of operations) {
    for (const path of operation.paths) yield { method: operation.method, path, target: { operation } }
  }
  for (const route of control) yield { method: route.method, path: route.path, target: { control: route } }
}

/**
 * Every other operation of the official client, answering 501 naming it (journaled and fault-able like the rest).
 * Routed as if in the same tree as the others, so a client's fixed segment wins over a parameter (GET /assets/pseudo
 * is no asset id); built on the first request that needs them, which a first GET /assets is not.
 */
function* unimplementedRoutesOf({ operations, streams }: DispatcherParts): Iterable<Route<Target>> {
  for (const operation of unimplementedOperations(operations, streams.paths)) {
    yield { method: operation.method, path: operation.paths[0]!, target: { operation } }
  }
}

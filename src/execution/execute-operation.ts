import type { CopilotHooks } from '../domain/copilot/copilot-reply.js'
import { MockServiceError } from '../errors.js'
import type { ServiceMachine } from '../domain/machine/service-machine.js'
import { serviceInfo, type ServiceInfo } from '../domain/machine/service-info.js'
import type { Operation, OperationContext } from '../operations/define/define-operation.js'

/** The request an operation reads. */
type OperationRequest = OperationContext['request']
import type { McpHost } from '../operations/mcp/mcp-host.js'
import { isoTimestamp } from '../store/clock-and-ids/clock.js'
import type { Store } from '../store/create-store.js'
import type { WireRenderer } from '../wire/wire-renderer.js'
import type { AnswerCache } from './answer-cache.js'
import { errorAnswer, toAnswer, type Answer } from './answer.js'
import { readFormBody } from './form-body.js'
import { readJsonBody } from './json-body.js'
import { redactBody } from './redact-body.js'
import type { RequestMarks } from './request-marks.js'

/** The service info of an environment that brings none. */
const DEFAULT_SERVICE = serviceInfo()

/** The query of every journal entry whose request had none. */
const NO_QUERY: Readonly<Record<string, string>> = Object.freeze({})

/**
 * A request's query as a record keeps it: each name's last value, and every
 * pair in order when a name repeats.
 *
 * @example
 * queryFields(new URLSearchParams('x=1&x=2')) // { query: { x: '2' }, queryPairs: [['x', '1'], ['x', '2']] }
 */
export function queryFields(search: URLSearchParams): Pick<RequestRecord, 'query' | 'queryPairs'> {
  if (search.size === 0) return { query: NO_QUERY }
  const query = Object.fromEntries(search)
  if (Object.keys(query).length === search.size) return { query }
  return { query, queryPairs: [...search] }
}

/** A request as a runtime received it, routed to its operation, before the body is parsed. */
export interface OperationInput {
  readonly method: string
  /** The path as it was sent (percent-encoded), without the query. */
  readonly path: string
  /** Path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The body as text; empty when there was none. */
  readonly body: string
  /** The `Host` the client addressed, when the transport knows it. */
  readonly host?: string
  /** A request header by its lower-case name, when the transport hands headers on. */
  header?(name: string): string | undefined
  /**
   * Every request header as received, `[lower-case name, value]`, when the
   * transport hands them on: the journal keeps them (bounded, credentials redacted).
   */
  headers?(): Iterable<readonly [string, string]>
  /** The request's moments, when the transport marks them: the executor marks its start and its answer. */
  readonly marks?: RequestMarks
}

/** What an injected fault does to the request it matched. */
export interface FaultEffect {
  readonly faultId: string
  readonly delayMs: number
  /** The answer that replaces the operation's, unless the fault only delays. */
  readonly answer?: Answer
}

/** What a stub does to the request it matched: its id, its wait, and the answer that replaces the operation's. */
export interface StubEffect {
  readonly stubId: string
  readonly delayMs?: number
  readonly answer: Answer
}

/** One request as the executor reports it, once answered. */
export interface RequestRecord {
  /** The operation id, e.g. `conversationGetSpecificConversation`. */
  readonly operation: string
  readonly method: string
  readonly path: string
  /** Each query parameter's last value, by name. */
  readonly query: Readonly<Record<string, string>>
  /**
   * Every query parameter as sent, `[name, value]` in order; set only when a
   * name repeats (`?x=1&x=2`), where `query` holds each name's last value.
   */
  readonly queryPairs?: readonly (readonly [string, string])[]
  readonly params: Readonly<Record<string, string>>
  /**
   * The request's headers as the transport handed them on, `[lower-case name, value]` in order; absent when it
   * hands none on. Read once, while the record is reported: the journal keeps its own copy.
   */
  readonly requestHeaders?: Iterable<readonly [string, string]>
  /** The body as text, as it was sent; empty when there was none. */
  readonly bodyText: string
  /** The status answered; 0 for a network error. */
  readonly status: number
  /** How long the mock took to answer, faults' delays included. */
  readonly durationMs: number
  /** When the request arrived, by the mock's clock (ISO-8601). */
  readonly at: string
  /** The request's moments, when its transport marked them (the journal reads its phases from them). */
  readonly marks?: RequestMarks
  /** Set when an injected fault answered instead of the operation. */
  readonly faultId?: string
  /** Set when a stub answered instead of the operation. */
  readonly stubId?: string
}

/**
 * What an operation runs against: the store and its renderer, the read cache,
 * and the hooks the service hands over for faults and the journal.
 */
export interface ExecutionEnvironment {
  readonly store: Store
  readonly renderer: WireRenderer
  readonly answers?: AnswerCache
  /** The copilot's seed, scripted replies and models, handed to the `/qgpt` routes. */
  readonly copilot?: CopilotHooks
  /** The service's state beside its records (the OS, long-term memory, model downloads), handed to their routes. */
  readonly machine?: ServiceMachine
  /** The version and instance id the service answers with (default: `serviceInfo()`). */
  readonly service?: ServiceInfo
  /** The service's MCP server, made on first use, handed to the MCP entry points. */
  readonly mcp?: McpHost
  /** Takes the fault that applies to the next request of an operation, if any. */
  takeFault?(operation: string): FaultEffect | undefined
  /** Milliseconds a request of an operation waits before it is answered (the mock's latency), when no fault's delay applies. */
  latencyFor?(operation: string): number
  /** Takes the stub that answers a request instead of its operation, if any. */
  takeStub?(operation: string, input: OperationInput): StubEffect | undefined
  /** The service's body limit, in bytes: the keys a JSON body may have grow with it (`jsonLimitsFor`). Default 16 MiB. */
  readonly maxBodyBytes?: number
  /** Hears of every request answered, and the answer given. */
  record?(request: RequestRecord, answer: Answer): void
}

/**
 * Runs an operation on a request and always answers: malformed JSON and
 * domain errors become their status with a text message, anything unexpected
 * a 500 with a message and no stack trace. Injected faults apply first, reads
 * are answered from the read cache when they can be, and the request is
 * reported to `record`. A read the cache holds is answered in the same turn:
 * a lookup and its journal entry, no operation run.
 *
 * @example
 * const answer = await executeOperation(operation, { method: 'GET', path, params, query, body: '' }, environment)
 */
export function executeOperation(
  operation: Operation,
  input: OperationInput,
  environment: ExecutionEnvironment,
): Promise<Answer> {
  const started = performance.now()
  const now = environment.store.clock.now()
  const fault = environment.takeFault?.(operation.id)
  const stub = fault?.answer ? undefined : environment.takeStub?.(operation.id, input)
  const delayMs = delayOf(operation.id, fault, stub, environment)
  const arrival = { started, now, fault, stub, delayMs }
  const cache = cacheOf(operation, environment)
  // No fault or stub, no wait and no body to refuse (`parseJsonBody` reads an empty one as none): the cache may answer as it is.
  if (cache && !fault && !stub && (input.body === '' || operation.body === 'ignored')) {
    const key = cache.keyOf(operation.id, input.params, input.query)
    const kept = delayMs === 0 ? cache.peek(key, now.getTime()) : undefined
    if (kept) return Promise.resolve(recorded(operation, input, environment, arrival, kept))
    return runOperation(operation, input, environment, arrival, key)
  }
  return runOperation(operation, input, environment, arrival)
}

/** When a request arrived (by the performance clock and the mock's), the fault or stub it took and how long it waits. */
interface Arrival {
  readonly started: number
  readonly now: Date
  readonly fault: FaultEffect | undefined
  readonly stub?: StubEffect | undefined
  readonly delayMs: number
}

/** How long a request waits: a fault's own delay, else its stub's, else the mock's latency. */
function delayOf(
  operation: string,
  fault: FaultEffect | undefined,
  stub: StubEffect | undefined,
  environment: ExecutionEnvironment,
): number {
  if (fault && fault.delayMs > 0) return fault.delayMs
  return stub?.delayMs ?? environment.latencyFor?.(operation) ?? 0
}

/** The read cache, for a read whose answer may be kept (not a write, not a live read). */
function cacheOf(operation: Operation, environment: ExecutionEnvironment): AnswerCache | undefined {
  return operation.method !== 'POST' && !operation.live ? environment.answers : undefined
}

/** Runs the operation (or the fault's answer) and reports the request; `key` is its read cache key, when known. */
async function runOperation(
  operation: Operation,
  input: OperationInput,
  environment: ExecutionEnvironment,
  arrival: Arrival,
  key?: string,
): Promise<Answer> {
  const { now, fault, delayMs } = arrival
  let answer: Answer
  try {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    const body = bodyOf(operation, input.body, environment.maxBodyBytes)
    if (fault?.answer) {
      answer = fault.answer
    } else if (arrival.stub) {
      answer = arrival.stub.answer
    } else {
      const read = operation.method !== 'POST'
      const request: { -readonly [K in keyof OperationRequest]: OperationRequest[K] } = {
        params: input.params,
        query: input.query,
        body,
      }
      if (input.host !== undefined) request.host = input.host
      if (input.header) request.header = input.header
      const cache = cacheOf(operation, environment)
      if (cache) {
        // Built only when the operation runs: a read the cache answers needs none of it.
        const run = async () => {
          const wire = environment.renderer.answer({ now, transferables: true, keep: true })
          return {
            answer: toAnswer(await operation.run(contextOf(request, wire, environment)), wire.sizes),
            window: wire.window,
          }
        }
        answer = await cache.read(key ?? cache.keyOf(operation.id, input.params, input.query), now.getTime(), run)
      } else {
        // A write (or a live read) awaits the operation alone: no wrapper of its own, no window kept.
        // A write's forms are not kept, so their sizes are never known: its answer asks none.
        const wire = environment.renderer.answer({ now, transferables: true, keep: read })
        answer = toAnswer(await operation.run(contextOf(request, wire, environment)), read ? wire.sizes : undefined)
      }
    }
  } catch (error) {
    answer = fault?.answer ?? errorAnswer(error)
  }
  return recorded(operation, input, environment, arrival, answer)
}

/** Reports a request and its answer to `record`, and hands the answer back. */
function recorded(
  operation: Operation,
  input: OperationInput,
  environment: ExecutionEnvironment,
  { started, now, fault, stub }: Arrival,
  answer: Answer,
): Answer {
  if (!environment.record) return answer
  const { query, queryPairs } = queryFields(input.query)
  // Assigned in the record's order, not spread: a spread of optional parts costs more than the rest of it.
  const request: { -readonly [K in keyof RequestRecord]: RequestRecord[K] } = {
    operation: operation.id,
    method: input.method,
    path: input.path,
    query,
  } as RequestRecord
  if (queryPairs) request.queryPairs = queryPairs
  request.params = input.params
  if (input.headers) request.requestHeaders = input.headers()
  request.bodyText = operation.secret ? redactBody(input.body) : input.body
  request.status = 'networkError' in answer ? 0 : answer.status
  request.durationMs = performance.now() - started
  if (input.marks) request.marks = handledNow(input.marks, started)
  // The same text for every request of one millisecond: formatted once.
  request.at = isoTimestamp(now.getTime())
  if (fault) request.faultId = fault.faultId
  if (stub) request.stubId = stub.stubId
  environment.record(request, answer)
  return answer
}

/** Marks a request's handler as begun at `started` and done now. */
function handledNow(marks: RequestMarks, started: number): RequestMarks {
  marks.started = started
  marks.handled = performance.now()
  return marks
}

/** What an operation runs against for one request: its input, the store, and the answer's renderer. */
function contextOf(
  request: OperationContext['request'],
  wire: ReturnType<WireRenderer['answer']>,
  environment: ExecutionEnvironment,
): OperationContext {
  const context: { -readonly [K in keyof OperationContext]: OperationContext[K] } = {
    request,
    store: environment.store,
    service: environment.service ?? DEFAULT_SERVICE,
    wire: (transferables) => wire.withTransferables(transferables),
  }
  if (environment.copilot) context.copilot = environment.copilot
  if (environment.machine) context.machine = environment.machine
  if (environment.mcp) context.mcp = environment.mcp
  return context
}

/** What an operation reads of its request body: nothing when it ignores it, a form's fields, or the JSON value. */
function bodyOf(operation: Operation, text: string, maxBodyBytes: number | undefined): unknown {
  if (operation.body === 'ignored') return undefined
  if (operation.body === 'form') return readFormBody(text, maxBodyBytes)
  return parseJsonBody(text, maxBodyBytes)
}

/** A request's JSON body, or undefined for none; a malformed one is refused (INVALID_REQUEST). */
function parseJsonBody(text: string, maxBodyBytes: number | undefined): unknown {
  const body = readJsonBody(text, maxBodyBytes)
  if (!body.ok) throw new MockServiceError('INVALID_REQUEST', body.problem)
  return body.value
}

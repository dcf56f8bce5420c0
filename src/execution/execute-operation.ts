import type { Faults } from '../control/faults.js'
import type { Journal } from '../control/journal.js'
import { MockServiceError } from '../errors.js'
import { isoTimestamp } from '../store/clock.js'
import type { Store } from '../store/create-store.js'
import type { Operation, OperationResult } from '../operations/define-operation.js'
import { cachedRead } from './answer-cache.js'

/** The query of every journal entry whose request had none. */
const NO_QUERY: Readonly<Record<string, string>> = Object.freeze({})

/** A request as a runtime received it, before the body is parsed. */
export interface RawRequest {
  readonly method: string
  readonly path: string
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The body as text; empty when there was none. */
  readonly body: string
}

/** What a request runs against: the store, and the journal and faults when the service keeps them. */
export interface ExecutionTarget {
  readonly store: Store
  readonly journal?: Journal
  readonly faults?: Faults
}

/** An answer, or a network failure an injected fault asked for. */
export type Execution = OperationResult | { readonly networkError: true }

/**
 * Runs an operation on a raw request and always answers: malformed JSON and
 * domain errors become their status with a text message, anything unexpected a
 * 500 with a message and no stack trace. Injected faults apply first, and the
 * request is written to the journal.
 *
 * @example
 * const result = await executeOperation(operation, { method: 'GET', path, params, query, body: '' }, service)
 */
export async function executeOperation(
  operation: Operation,
  raw: RawRequest,
  target: ExecutionTarget,
): Promise<Execution> {
  const started = performance.now()
  const at = isoTimestamp(target.store.clock.now().getTime())
  const fault = target.faults?.take(operation.id)
  let body: unknown = raw.body === '' ? undefined : raw.body
  let result: Execution
  try {
    if (fault && fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
    body = parseJsonBody(raw.body)
    const request = { params: raw.params, query: raw.query, body }
    const store = target.store
    result =
      fault?.answer ??
      (operation.method === 'GET'
        ? await cachedRead(store, readKey(operation, raw), (validity) => operation.run({ request, store, validity }))
        : await operation.run({ request, store }))
  } catch (error) {
    result = fault?.answer ?? errorResult(error)
  }
  target.journal?.record({
    operation: operation.id,
    method: raw.method,
    path: raw.path,
    query: raw.query.size === 0 ? NO_QUERY : Object.fromEntries(raw.query),
    params: raw.params,
    body,
    status: 'networkError' in result ? 0 : result.status,
    durationMs: performance.now() - started,
    at,
    ...(fault && { faultId: fault.faultId }),
  })
  return result
}

/**
 * The answer for an error thrown while handling a request.
 *
 * @example
 * errorResult(new MockServiceError('GONE', 'Asset no longer exists and is Gone.')) // { status: 410, text: … }
 */
export function errorResult(error: unknown): OperationResult {
  if (error instanceof MockServiceError) return { status: error.status, text: error.message }
  const message = error instanceof Error ? error.message : String(error)
  return { status: 500, text: `Internal error in the mock service: ${message}` }
}

/**
 * What a read's answer depends on besides the store and the clock: the
 * operation, its parameters and its query (not the path: callers of
 * executeOperation() pass parameters of their own).
 */
function readKey(operation: Operation, raw: RawRequest): string {
  return `${operation.id} ${JSON.stringify(raw.params)} ?${raw.query.toString()}`
}

function parseJsonBody(body: string): unknown {
  if (body.trim() === '') return undefined
  try {
    return JSON.parse(body)
  } catch (error) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Malformed JSON body: ${error instanceof Error ? error.message : 'could not be parsed'}.`,
    )
  }
}

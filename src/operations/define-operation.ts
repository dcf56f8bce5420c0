import type { Store } from '../store/create-store.js'
import type { ValidityWindow } from '../wire/wire-types.js'

/** The parts of a request an operation reads, whatever runtime received it. */
export interface OperationRequest {
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The parsed JSON body, or `undefined` when the request had none. */
  readonly body: unknown
}

/** What an operation runs with. */
export interface OperationContext {
  readonly request: OperationRequest
  readonly store: Store
  /**
   * Set when the answer may be cached: serializers narrow it to the instants
   * for which the answer's `readable` timestamps keep their text.
   */
  readonly validity?: ValidityWindow
}

/** An operation's answer, independent of the transport. */
export type OperationResult =
  | { readonly status: number; readonly json: unknown }
  | { readonly status: number; readonly text: string }
  | { readonly status: 204 }

export type HttpMethod = 'GET' | 'POST' | 'HEAD'

/**
 * One operation of the service: its spec name, method, path(s) and what it does.
 * The MSW handlers and the standalone router are both derived from these.
 */
export interface Operation {
  /** The spec's operation name, e.g. `conversationGetSpecificConversation`. */
  readonly id: string
  readonly method: HttpMethod
  /** Path patterns with `:name` parameters; more than one where the service has two spellings. */
  readonly paths: readonly string[]
  run(context: OperationContext): OperationResult | Promise<OperationResult>
}

/**
 * Declares an operation (an identity function that keeps the types).
 *
 * @example
 * const health = defineOperation({ id: 'health', method: 'GET', paths: ['/.well-known/health'], run: () => text('ok') })
 */
export function defineOperation(operation: Operation): Operation {
  return operation
}

/**
 * A 200 JSON answer.
 *
 * @example
 * return json(toConversation(record, wire))
 */
export function json(body: unknown, status = 200): OperationResult {
  return { status, json: body }
}

/**
 * A text/plain answer.
 *
 * @example
 * return text(deletedId)
 */
export function text(body: string, status = 200): OperationResult {
  return { status, text: body }
}

/**
 * The empty 204 answer of link operations, deletes and score increments.
 *
 * @example
 * return noContent()
 */
export function noContent(): OperationResult {
  return { status: 204 }
}

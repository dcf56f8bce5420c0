import type { CopilotHooks } from '../../domain/copilot/copilot-reply.js'
import type { ServiceMachine } from '../../domain/machine/service-machine.js'
import type { ServiceInfo } from '../../domain/machine/service-info.js'
import type { Store } from '../../store/create-store.js'
import type { RecordKind } from '../../store/schemas/schemas.js'
import type { WireContext } from '../../wire/wire-types.js'
import type { McpHost } from '../mcp/mcp-host.js'

/** The parts of a request an operation reads, whatever runtime received it. */
interface OperationRequest {
  /** Path parameters, percent-decoded (a segment that cannot be decoded is kept as written). */
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The parsed JSON body, or `undefined` when the request had none. */
  readonly body: unknown
  /** The `Host` the client addressed (`localhost:39300`), when the transport knows it. */
  readonly host?: string
  /** A request header by its lower-case name, when the transport hands headers on (the MCP entry points read them). */
  header?(name: string): string | undefined
}

/** What an operation runs with. */
export interface OperationContext {
  readonly request: OperationRequest
  readonly store: Store
  /** What the service says about itself: its version and instance id. */
  readonly service: ServiceInfo
  /**
   * The wire context of this answer, with the request's `transferables` flag
   * unless another is given: serializers run through it, so what a read builds
   * is kept and given again while it would come out the same.
   */
  wire(transferables: boolean): WireContext
  /** The copilot's seed, scripted replies and models, for the `/qgpt` routes (none: it composes with seed 1). */
  readonly copilot?: CopilotHooks
  /** The service's state beside its records: the OS (permissions, update, pickers, applets, restarts), long-term memory, model downloads. */
  readonly machine?: ServiceMachine
  /** The service's MCP server, made on first use, for the MCP entry points. */
  readonly mcp?: McpHost
}

/**
 * A body an operation hands on as another server answered it (the MCP
 * server's): its content type and headers, and its text, or a stream written
 * as it comes for a long-lived answer (Server-Sent Events).
 */
interface HandedOnBody {
  readonly contentType?: string
  /** Headers beyond the content type (`cache-control: no-cache`, `allow`). */
  readonly headers?: Readonly<Record<string, string>>
  readonly text?: string
  /** A long-lived body: never cached, journaled without its bytes. */
  readonly live?: ReadableStream<Uint8Array>
}

/** An operation's answer, before the executor turns it into a finished one. */
export type OperationResult =
  | { readonly status: number; readonly json: unknown }
  | { readonly status: number; readonly text: string }
  | { readonly status: 204 }
  | { readonly status: number; readonly handedOn: HandedOnBody }

type HttpMethod = 'GET' | 'POST' | 'HEAD'

/** Whether an operation reads a request body: it must send one, it may, it sends none, or whatever it sends is never read. */
type OperationBody = 'required' | 'optional' | 'none' | 'ignored' | 'form'

/**
 * One operation of the service: its operation id, method, literal path(s), the
 * record kind each path parameter names, and what it does. The one router of
 * every runtime is built from these.
 */
export interface Operation {
  /** The spec's operation name, e.g. `conversationGetSpecificConversation`. */
  readonly id: string
  readonly method: HttpMethod
  /** Path patterns with `:name` parameters; more than one where the service has two spellings. */
  readonly paths: readonly string[]
  /** The record kind each path parameter names, e.g. `{ conversation: 'conversation' }`. */
  readonly params: Readonly<Record<string, RecordKind>>
  /**
   * The request body it reads: `'required'` (a POST's default), `'optional'`, `'none'` (a GET
   * or HEAD always; a POST that reads only its path, such as a link, a delete or a rename),
   * `'form'` (a form-encoded body, read as an object of its fields' values: `/oauth/token`), or
   * `'ignored'` (the 501s of operations the mock does not implement): an ignored body is not even
   * parsed, so a form-encoded or malformed one still gets the honest answer.
   */
  readonly body?: OperationBody
  /** Set on a read whose answer depends on more than the store (the OS's state): never answered from the read cache. */
  readonly live?: true
  /** Set on an operation whose body carries credentials (API keys, tokens): the journal keeps the body with them redacted. */
  readonly secret?: true
  run(context: OperationContext): OperationResult | Promise<OperationResult>
}

/**
 * Declares an operation (an identity function that keeps the types).
 *
 * @example
 * const health = defineOperation({ id: 'getWellKnownHealth', method: 'GET', paths: ['/.well-known/health'], params: {}, run: () => text('ok') })
 */
export function defineOperation(operation: Operation): Operation {
  return operation
}

/**
 * A 200 JSON answer.
 *
 * @example
 * return json(wire.render('conversation', record))
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

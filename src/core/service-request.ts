import type { ControlRoute } from '../control/api/control-route.js'
import type { Operation } from '../operations/define/define-operation.js'
import type { RequestMarks } from '../execution/request-marks.js'
import type { RequestClient } from './access-policy.js'

/** Where a request was routed: an operation of the service, or a route of the control API. */
export type ServiceRoute = (
  | { readonly operation: Operation; readonly params: Readonly<Record<string, string>> }
  | { readonly control: ControlRoute; readonly params: Readonly<Record<string, string>> }
) & {
  /** Set on a HEAD routed to a GET: answered as the GET, with its status and headers and no body. */
  readonly head?: true
}

/**
 * A request as a transport hands it over, whatever the transport, with what
 * it knows of the client (`loopback`, `host`, `origin`) for the control API's
 * access policy; a transport in process leaves them out.
 */
export interface ServiceRequest extends RequestClient {
  readonly method: string
  /** The path as sent (percent-encoded), without the query. */
  readonly path: string
  readonly query: URLSearchParams
  /** The body as text; empty when there was none. */
  readonly body: string
  /** A request header by its lower-case name, when the transport hands headers on (the MCP entry points read them). */
  header?(name: string): string | undefined
  /**
   * Every request header as received, `[lower-case name, value]`, when the
   * transport hands them on: the journal keeps them (bounded, credentials redacted).
   */
  headers?(): Iterable<readonly [string, string]>
  /** The request's moments, when the transport marks them (`requestMarks()` on arrival): the journal shows its phases. */
  readonly marks?: RequestMarks
}

import { MockServiceError } from '../../errors.js'
import {
  defineOperation,
  type Operation,
  type OperationContext,
  type OperationResult,
} from '../define/define-operation.js'
import type { McpEntry } from './create-mcp-endpoint.js'

/** The request headers the MCP transports read; no others are handed on. */
const MCP_HEADERS = ['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id']

/**
 * The service's Model Context Protocol server, at the entry points
 * `GET /model_context_protocol/schema_versions` names: the 2024-11-05
 * transport (an event stream at `…/2024-11-05/sse`, the client's messages
 * posted to `…/2024-11-05/messages?sessionId=…`) and the 2025-03-26
 * streamable HTTP one (`…/2025-03-26/mcp`, stateless; a GET there answers
 * 405, as a server that offers no stream to listen to does). Each hands the
 * request to the service's MCP server, loaded with its SDK on the first one,
 * so like every operation they are journaled, take faults and are served by
 * every transport.
 *
 * @example
 * routeTable() // holds these
 */
export const mcpEntryPointOperations: readonly Operation[] = [
  defineOperation({
    id: 'modelContextProtocolServerSentEvents',
    method: 'GET',
    paths: ['/model_context_protocol/2024-11-05/sse'],
    params: {},
    live: true,
    run: (context) => handOn(context, 'GET', '/model_context_protocol/2024-11-05/sse', 'sse'),
  }),
  defineOperation({
    id: 'modelContextProtocolMessages',
    method: 'POST',
    paths: ['/model_context_protocol/2024-11-05/messages'],
    params: {},
    body: 'optional',
    run: (context) => handOn(context, 'POST', '/model_context_protocol/2024-11-05/messages', 'messages'),
  }),
  defineOperation({
    id: 'modelContextProtocolStreamableHttp',
    method: 'POST',
    paths: ['/model_context_protocol/2025-03-26/mcp'],
    params: {},
    body: 'optional',
    run: (context) => handOn(context, 'POST', '/model_context_protocol/2025-03-26/mcp', 'streamable'),
  }),
  defineOperation({
    id: 'modelContextProtocolStreamableHttpListen',
    method: 'GET',
    paths: ['/model_context_protocol/2025-03-26/mcp'],
    params: {},
    live: true,
    run: (context) => handOn(context, 'GET', '/model_context_protocol/2025-03-26/mcp', 'streamable'),
  }),
]

/** Hands a request to the service's MCP server and its answer back as the operation's. */
async function handOn(
  context: OperationContext,
  method: string,
  path: string,
  entry: McpEntry,
): Promise<OperationResult> {
  if (!context.mcp) {
    throw new MockServiceError('NOT_IMPLEMENTED', `This mock holds no MCP server to answer ${method} ${path}.`)
  }
  const { query, body, header } = context.request
  const headers = new Headers()
  for (const name of MCP_HEADERS) {
    const value = header?.(name)
    if (value !== undefined) headers.set(name, value)
  }
  const url = new URL(`http://localhost${path}${query.size === 0 ? '' : `?${query.toString()}`}`)
  const text = body === undefined ? '' : JSON.stringify(body)
  return handedOn(await context.mcp.handle({ method, url, headers, body: text }, entry))
}

/** A web `Response` as an operation's result: an event stream live, any other body as its text. */
async function handedOn(response: Response): Promise<OperationResult> {
  const contentType = response.headers.get('content-type') ?? undefined
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'content-type' && name !== 'content-length') headers[name] = value
  })
  const live = contentType?.startsWith('text/event-stream') ? response.body : null
  return {
    status: response.status,
    handedOn: {
      ...(contentType !== undefined && { contentType }),
      headers,
      ...(live ? { live } : { text: await response.text() }),
    },
  }
}

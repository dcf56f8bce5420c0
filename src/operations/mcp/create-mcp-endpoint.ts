import type { Store } from '../../store/create-store.js'
import { createPiecesMcpServer } from './create-pieces-mcp-server.js'
import { loadMcpSdk, McpSdkMissing, type McpSdk } from './load-mcp-sdk.js'
import { createSseStreamTransport, type SseStreamTransport } from './sse-stream-transport.js'

/**
 * Which MCP entry point a request reached: the 2024-11-05 event stream
 * (`…/2024-11-05/sse`), the messages posted for it (`…/2024-11-05/messages`),
 * or the 2025-03-26 streamable HTTP endpoint (`…/2025-03-26/mcp`).
 */
export type McpEntry = 'sse' | 'messages' | 'streamable'

/** A request to an MCP entry point, its body already read (within the transport's limit). */
export interface McpRequest {
  readonly method: string
  readonly url: URL
  readonly headers: Headers
  readonly body: string
}

/** The service's MCP server at its entry points, on web-standard requests and responses. */
export interface McpEndpoint {
  /** The answer to a request at one of the MCP entry points; never throws. */
  handle(request: McpRequest, entry: McpEntry): Promise<Response>
  /** Starts loading the SDK, so that the first request to an entry point answers at once; a missing SDK is said then. */
  prepare(): void
  /** How many SSE streams are open now. */
  streamCount(): number
  /** Ends every SSE stream. */
  close(): void
}

/** How an MCP endpoint is made: the records its tools read and write, the version it reports, its bound. */
export interface McpEndpointOptions {
  readonly store: Store
  readonly version: string
  /** Most SSE streams open at once (default 16); a new one past it ends the oldest. */
  readonly maxStreams?: number
}

const DEFAULT_MAX_STREAMS = 16
/** The headers the SDK's streamable transport reads; no others are handed on. */
const STREAMABLE_HEADERS = ['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id']

/**
 * Serves the Model Context Protocol at the entry points
 * `GET /model_context_protocol/schema_versions` names: the 2024-11-05 SSE
 * transport (`…/2024-11-05/sse`, posts to `…/2024-11-05/messages`) and the
 * 2025-03-26 streamable HTTP one (`…/2025-03-26/mcp`, stateless: each POST is
 * answered with JSON and nothing is kept). The SDK is loaded on the first
 * request; without it every request answers 501 saying how to install it.
 *
 * @example
 * const mcp = createMcpEndpoint({ store: service.store, version: '12.3.0' })
 * const response = await mcp.handle({ method: 'GET', url, headers, body: '' }, 'sse')
 */
export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const maxStreams = options.maxStreams ?? DEFAULT_MAX_STREAMS
  // Insertion order is age: past the bound, the oldest stream ends.
  const streams = new Map<string, SseStreamTransport>()
  let sdk: Promise<McpSdk> | undefined

  async function openStream(loaded: McpSdk): Promise<Response> {
    while (streams.size >= maxStreams) await streams.values().next().value!.close()
    // Relative to the stream's URL, so that a base URL with a path of its own keeps it.
    const transport = createSseStreamTransport(crypto.randomUUID(), 'messages')
    transport.onclose = () => streams.delete(transport.sessionId)
    streams.set(transport.sessionId, transport)
    await createPiecesMcpServer(loaded, options.store, options.version).connect(transport)
    return new Response(transport.stream, {
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    })
  }

  function post(loaded: McpSdk, request: McpRequest): Response {
    const sessionId = request.url.searchParams.get('sessionId') ?? ''
    const transport = streams.get(sessionId)
    if (!transport) {
      return text(
        404,
        `Failed to post an MCP message: no open stream has the session id "${sessionId.slice(0, 64)}". Open GET /model_context_protocol/2024-11-05/sse and post to the endpoint its first event names.`,
      )
    }
    let body: unknown
    try {
      body = JSON.parse(request.body)
    } catch {
      return text(400, 'Failed to read the MCP message: the body is not JSON. Post one JSON-RPC 2.0 message.')
    }
    const parsed = loaded.JSONRPCMessageSchema.safeParse(body)
    if (!parsed.success) {
      return text(400, 'Failed to read the MCP message: it is no JSON-RPC 2.0 message. Post one JSON-RPC 2.0 message.')
    }
    transport.receive(parsed.data)
    // No body: a client cancels a 202's body, which never settles on a response MSW has cloned.
    return new Response(null, { status: 202 })
  }

  async function streamable(loaded: McpSdk, request: McpRequest): Promise<Response> {
    const transport = new loaded.WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    const server = createPiecesMcpServer(loaded, options.store, options.version)
    await server.connect(transport)
    const headers = new Headers()
    for (const name of STREAMABLE_HEADERS) {
      const value = request.headers.get(name)
      if (value !== null) headers.set(name, value)
    }
    try {
      return await transport.handleRequest(new Request(request.url, { method: 'POST', headers, body: request.body }))
    } finally {
      await server.close()
    }
  }

  async function route(request: McpRequest, entry: McpEntry): Promise<Response> {
    if (entry === 'streamable' && request.method !== 'POST') return streamableNotAllowed()
    const loaded = await (sdk ??= loadMcpSdk())
    if (entry === 'streamable') return streamable(loaded, request)
    if (entry === 'sse') return request.method === 'GET' ? openStream(loaded) : notAllowed('GET')
    return request.method === 'POST' ? post(loaded, request) : notAllowed('POST')
  }

  return {
    async handle(request, entry) {
      try {
        return await route(request, entry)
      } catch (error) {
        if (error instanceof McpSdkMissing) {
          sdk = undefined
          return text(501, error.message)
        }
        const message = error instanceof Error ? error.message : String(error)
        return text(500, `Internal error in the mock's MCP server: ${message}`)
      }
    },
    prepare() {
      sdk ??= loadMcpSdk()
      sdk.catch(() => (sdk = undefined))
    },
    streamCount: () => streams.size,
    close() {
      for (const transport of [...streams.values()]) void transport.close()
    },
  }
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}

/** Stateless streamable HTTP: no stream to listen to or resume (GET) and no session to end (DELETE). */
function streamableNotAllowed(): Response {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }),
    { status: 405, headers: { allow: 'POST', 'content-type': 'application/json' } },
  )
}

function notAllowed(allow: string): Response {
  return new Response(`Method not allowed: this MCP entry point takes ${allow}.`, {
    status: 405,
    headers: { allow, 'content-type': 'text/plain; charset=utf-8' },
  })
}

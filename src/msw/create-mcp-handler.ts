import { http, type RequestHandler } from 'msw'
import type { MockService } from '../core/create-mock-service.js'
import type { MockServiceError } from '../errors.js'
import { baseUrlParts, pathUnderBase } from '../core/http-surface/base-url-parts.js'
import type { McpEndpoint } from '../mcp/create-mcp-endpoint.js'
import { isMcpPath } from '../mcp/mcp-paths.js'
import { readRequestText } from './read-request-text.js'

/** An MSW handler for a service's MCP entry points, and how to end its streams. */
export interface McpHandler {
  readonly handler: RequestHandler
  /** Ends every SSE stream the handler opened. */
  close(): void
}

/**
 * The MCP entry points of a service answering at `baseUrl`, in process: the
 * 2024-11-05 SSE stream and its posts, and the 2025-03-26 streamable HTTP
 * endpoint. The MCP module and the SDK load on the first MCP request; a
 * request to any other path does not match.
 *
 * @example
 * const mcp = createMcpHandler(service, 'http://localhost:39300')
 * setupServer(mcp.handler, ...createMswAdapter(service).handlers)
 */
export function createMcpHandler(service: MockService, baseUrl: string): McpHandler {
  const base = baseUrlParts(baseUrl)
  let endpoint: Promise<McpEndpoint> | undefined
  const load = () =>
    (endpoint ??= import('../mcp/create-mcp-endpoint.js').then(({ createMcpEndpoint }) =>
      createMcpEndpoint({ store: service.store, version: service.info.version }),
    ))
  const pathOf = (request: Request) => {
    const path = pathUnderBase(base, new URL(request.url))
    return path !== undefined && isMcpPath(path) ? path : undefined
  }
  return {
    handler: http.all(
      ({ request }) => pathOf(request) !== undefined,
      async ({ request }) => {
        const path = pathOf(request)!
        let body: string
        try {
          body = await readRequestText(request, service.maxBodyBytes)
        } catch (error) {
          const { status, message } = error as MockServiceError
          return new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
        }
        const mcp = await load()
        const headers = request.headers
        return mcp.handle({ method: request.method, url: new URL(request.url), headers, body }, path)
      },
    ),
    close() {
      void endpoint?.then((mcp) => mcp.close())
    },
  }
}

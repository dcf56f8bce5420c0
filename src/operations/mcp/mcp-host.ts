import type { Store } from '../../store/create-store.js'
import type { McpEndpoint, McpEntry, McpRequest } from './create-mcp-endpoint.js'

/**
 * A service's MCP server, as its operations reach it: made on the first
 * request to an MCP entry point (the module and the SDK load then), held by
 * the service, and its event streams ended when the service closes.
 */
export interface McpHost {
  /** The answer to a request at an MCP entry point; never throws. */
  handle(request: McpRequest, entry: McpEntry): Promise<Response>
  /**
   * Loads the MCP module and its SDK without waiting for them: a client that
   * reads the schema versions is about to connect (`pieces mcp setup` gives
   * the entry point one second to answer).
   */
  prepare(): void
  /** Ends every event stream open now; a later request may open new ones. */
  close(): void
}

/** What a service's MCP server answers from: its records and the version it reports. */
export interface McpHostOptions {
  readonly store: Store
  readonly version: string
}

/**
 * The MCP server of one service, loaded on first use: a service that never
 * sees an MCP request loads neither the MCP module nor its SDK. Each service
 * holds its own (a session's mock answers from its own records).
 *
 * @example
 * const mcp = createMcpHost({ store, version: '12.3.0' })
 * const response = await mcp.handle({ method: 'GET', url, headers, body: '' }, 'sse')
 * mcp.close()
 */
export function createMcpHost(options: McpHostOptions): McpHost {
  let endpoint: Promise<McpEndpoint> | undefined
  const load = () =>
    (endpoint ??= import('./create-mcp-endpoint.js').then(({ createMcpEndpoint }) => createMcpEndpoint(options)))
  return {
    async handle(request, entry) {
      return (await load()).handle(request, entry)
    },
    prepare() {
      load().then(
        (mcp) => mcp.prepare(),
        () => (endpoint = undefined),
      )
    },
    close() {
      void endpoint?.then((mcp) => mcp.close())
    },
  }
}

/** Where the 2024-11-05 MCP server streams its messages (Server-Sent Events) and says where to post. */
export const MCP_SSE_PATH = '/model_context_protocol/2024-11-05/sse'
/** Where a 2024-11-05 MCP client posts its messages, `?sessionId=` naming its stream. */
export const MCP_MESSAGES_PATH = '/model_context_protocol/2024-11-05/messages'
/** The 2025-03-26 MCP server's one endpoint (streamable HTTP). */
export const MCP_STREAMABLE_PATH = '/model_context_protocol/2025-03-26/mcp'

/**
 * Whether a path (without its query) is one of the MCP server's entry
 * points, which the transports hand to the MCP endpoint rather than to the
 * dispatcher: cheap, and loads nothing.
 *
 * @example
 * isMcpPath('/model_context_protocol/2025-03-26/mcp') // true
 * isMcpPath('/model_context_protocol/schema_versions') // false
 */
export function isMcpPath(path: string): boolean {
  return path === MCP_SSE_PATH || path === MCP_MESSAGES_PATH || path === MCP_STREAMABLE_PATH
}

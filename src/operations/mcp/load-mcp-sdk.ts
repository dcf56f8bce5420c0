import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js'

/** The parts of the MCP TypeScript SDK the mock's MCP server is made of. */
export interface McpSdk {
  readonly McpServer: typeof McpServer
  readonly WebStandardStreamableHTTPServerTransport: typeof WebStandardStreamableHTTPServerTransport
  readonly JSONRPCMessageSchema: typeof JSONRPCMessageSchema
}

/** The error a transport answers 501 with when the SDK cannot be loaded. */
export class McpSdkMissing extends Error {}

/**
 * Loads the MCP TypeScript SDK (`@modelcontextprotocol/sdk`, an optional peer
 * dependency) on first use: nothing of it is loaded before the first MCP
 * request. Rejects with a readable {@link McpSdkMissing} when it is not
 * installed.
 *
 * @example
 * const { McpServer } = await loadMcpSdk()
 */
export async function loadMcpSdk(): Promise<McpSdk> {
  try {
    const [server, transport, types] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/mcp.js'),
      import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ])
    return {
      McpServer: server.McpServer,
      WebStandardStreamableHTTPServerTransport: transport.WebStandardStreamableHTTPServerTransport,
      JSONRPCMessageSchema: types.JSONRPCMessageSchema,
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new McpSdkMissing(
      `Failed to serve the Model Context Protocol: @modelcontextprotocol/sdk could not be loaded (${reason}). Install it beside conversation-asset-mock: npm install @modelcontextprotocol/sdk`,
    )
  }
}

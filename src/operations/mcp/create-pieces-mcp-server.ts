import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { PIECES_MCP_TOOLS } from './pieces-mcp-tools.js'
import type { Store } from '../../store/create-store.js'
import type { McpSdk } from './load-mcp-sdk.js'

/**
 * An MCP server with the Pieces tools (`ask_pieces_ltm`,
 * `create_pieces_memory`) answering from a store: one per SSE stream, or per
 * streamable HTTP request. A tool's input is checked against its schema
 * before it runs; a bad one is an error result that changes nothing.
 *
 * @example
 * const server = createPiecesMcpServer(await loadMcpSdk(), service.store, '12.3.0')
 * await server.connect(transport)
 */
export function createPiecesMcpServer(sdk: McpSdk, store: Store, version: string): McpServer {
  const server = new sdk.McpServer({ name: 'Pieces', version }, { capabilities: { tools: {} } })
  for (const tool of PIECES_MCP_TOOLS) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.inputSchema() },
      async (input: Record<string, unknown>) => {
        try {
          const answer = await tool.run(store, input)
          return { content: [{ type: 'text' as const, text: answer.text }], ...(answer.isError && { isError: true }) }
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          return { content: [{ type: 'text' as const, text: `Failed to run ${tool.name}: ${message}` }], isError: true }
        }
      },
    )
  }
  return server
}

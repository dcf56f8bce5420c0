import type { MockService } from 'conversation-asset-mock'
import { setupMockServer } from 'conversation-asset-mock/node'
import { startStandaloneServer } from 'conversation-asset-mock/server'

/** A mock serving its MCP entry points, as the MCP tests drive it. */
export interface McpRuntime {
  readonly baseUrl: string
  readonly service: Pick<MockService, 'store'>
  close(): Promise<void>
}

/** Two of the runtimes that serve the MCP server (every one does): msw/node in process, and the standalone server. */
export const mcpRuntimes: Array<{ name: string; start(): Promise<McpRuntime> }> = [
  {
    name: 'in process (msw/node)',
    async start() {
      const mock = setupMockServer()
      await mock.listen()
      return { baseUrl: mock.baseUrl, service: mock, close: async () => mock.close() }
    },
  },
  {
    name: 'standalone server',
    async start() {
      const server = await startStandaloneServer({ port: 0 })
      return { baseUrl: server.url, service: server.service, close: () => server.close() }
    },
  },
]

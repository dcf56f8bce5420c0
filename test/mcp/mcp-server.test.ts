import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mcpRuntimes, type McpRuntime } from './mcp-runtimes.js'

type ToolText = { content: Array<{ type: string; text?: string }>; isError?: boolean }
const textOf = (result: unknown) => ((result as ToolText).content[0]?.text ?? '') as string

describe.each(mcpRuntimes)('the MCP server, $name', ({ start }) => {
  let mock: McpRuntime
  let entryPoints: string[]

  beforeAll(async () => {
    mock = await start()
    const versions = (await (await fetch(`${mock.baseUrl}/model_context_protocol/schema_versions`)).json()) as {
      iterable: Array<{ entry_endpoint: string }>
    }
    entryPoints = versions.iterable.map((version) => version.entry_endpoint)
  })
  afterAll(() => mock.close())

  const transports: Array<[string, (url: URL) => Transport]> = [
    ['2024-11-05 over Server-Sent Events', (url) => new SSEClientTransport(url)],
    ['2025-03-26 over streamable HTTP', (url) => new StreamableHTTPClientTransport(url)],
  ]

  describe.each(transports)('%s', (version, transportFor) => {
    async function connect(): Promise<Client> {
      const entry = entryPoints.find((url) => url.includes(version.slice(0, 10)))!
      const client = new Client({ name: 'mcp-test', version: '1.0.0' })
      await client.connect(transportFor(new URL(entry)))
      return client
    }

    it('initializes and lists the Pieces tools with their inputs', async () => {
      const client = await connect()
      try {
        expect(client.getServerVersion()?.name).toBe('Pieces')
        const { tools } = await client.listTools()
        expect(tools.map((tool) => tool.name)).toEqual(['ask_pieces_ltm', 'create_pieces_memory'])
        const [ask, create] = tools
        expect(ask!.inputSchema.required).toEqual(['question', 'chat_llm'])
        expect(Object.keys(ask!.inputSchema.properties ?? {})).toEqual([
          'question',
          'topics',
          'open_files',
          'application_sources',
          'chat_llm',
          'related_questions',
          'connected_client',
        ])
        expect(create!.inputSchema.required).toEqual(['summary_description', 'summary'])
      } finally {
        await client.close()
      }
    })

    it('answers ask_pieces_ltm from the stored conversations and assets', async () => {
      const client = await connect()
      try {
        const conversation = [...mock.service.store.all('conversation')].find((c) => (c.name ?? '').length > 8)!
        const word = conversation.name!.split(/\s+/).find((w) => w.length > 4)!
        const result = await client.callTool({
          name: 'ask_pieces_ltm',
          arguments: { question: word, chat_llm: 'gpt-4o' },
        })
        expect(textOf(result)).toContain(conversation.id)
      } finally {
        await client.close()
      }
    })

    it('keeps a memory create_pieces_memory makes, which ask_pieces_ltm then finds', async () => {
      const client = await connect()
      try {
        const marker = `zebrafish${version.slice(0, 4)}`
        const before = mock.service.store.count('workstreamSummary')
        const created = await client.callTool({
          name: 'create_pieces_memory',
          arguments: {
            summary_description: `Fixed the ${marker} upload retry`,
            summary: 'The retry loop now backs off.',
            files: ['/home/me/project/src/upload.ts'],
          },
        })
        expect((created as ToolText).isError).toBeFalsy()
        expect(mock.service.store.count('workstreamSummary')).toBe(before + 1)
        const asked = await client.callTool({
          name: 'ask_pieces_ltm',
          arguments: { question: `What happened with ${marker}?`, chat_llm: 'gpt-4o' },
        })
        expect(textOf(asked)).toContain(`Fixed the ${marker} upload retry`)
        expect(textOf(asked)).toContain('Memory:')
      } finally {
        await client.close()
      }
    })

    it('answers a call with bad input as an error result and stores nothing', async () => {
      const client = await connect()
      try {
        const before = mock.service.store.count('workstreamSummary')
        const result = await client.callTool({ name: 'create_pieces_memory', arguments: { summary: 'no title' } })
        expect((result as ToolText).isError).toBe(true)
        expect(textOf(result)).toMatch(/summary_description/)
        expect(mock.service.store.count('workstreamSummary')).toBe(before)
      } finally {
        await client.close()
      }
    })
  })
})

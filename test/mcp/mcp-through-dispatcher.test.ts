import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { read } from '../support/read.js'
import { mcpRuntimes, type McpRuntime } from './mcp-runtimes.js'

const STREAMABLE = '/model_context_protocol/2025-03-26/mcp'
const SSE = '/model_context_protocol/2024-11-05/sse'

/** One JSON-RPC request to the streamable HTTP entry point, as an MCP client posts it. */
function post(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}${STREAMABLE}`, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'journal-test', version: '1.0.0' } },
}

type JournalEntry = { operation: string; method: string; path: string; status: number; faultId?: string }

async function journal(baseUrl: string, headers: Record<string, string> = {}): Promise<JournalEntry[]> {
  const answer = (await (await fetch(`${baseUrl}/__mock/journal`, { headers })).json()) as { requests: JournalEntry[] }
  return answer.requests
}

describe.each(mcpRuntimes)('the MCP entry points as operations of the service, $name', ({ start }) => {
  let mock: McpRuntime
  beforeAll(async () => {
    mock = await start()
  })
  afterAll(() => mock.close())

  it('journals an MCP request under its operation id, with its status', async () => {
    const response = await post(mock.baseUrl, initialize)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(
      'Pieces',
    )
    expect(await journal(mock.baseUrl)).toContainEqual(
      expect.objectContaining({ operation: 'modelContextProtocolStreamableHttp', method: 'POST', status: 200 }),
    )
  })

  it('journals the opening of an event stream with its status, not waiting for the stream to end', async () => {
    const controller = new AbortController()
    const response = await fetch(`${mock.baseUrl}${SSE}`, { signal: controller.signal })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(
      /^event: endpoint\ndata: messages\?sessionId=/,
    )
    expect(await journal(mock.baseUrl)).toContainEqual(
      expect.objectContaining({ operation: 'modelContextProtocolServerSentEvents', method: 'GET', status: 200 }),
    )
    controller.abort()
  })

  it('answers with a fault added to an MCP operation instead of the MCP server', async () => {
    const added = await fetch(`${mock.baseUrl}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'modelContextProtocolStreamableHttp', status: 503, times: 1 }),
    }).then(read)
    expect(added.status).toBe(201)
    expect((await post(mock.baseUrl, initialize).then(read)).status).toBe(503)
    const entry = (await journal(mock.baseUrl)).at(-1)
    expect(entry).toMatchObject({ operation: 'modelContextProtocolStreamableHttp', status: 503 })
    expect(entry?.faultId).toBeDefined()
    // Taken once: the next request reaches the MCP server again.
    expect((await post(mock.baseUrl, initialize).then(read)).status).toBe(200)
  })

  it('answers a HEAD of the event stream with its status and content type, opening no stream', async () => {
    const head = await fetch(`${mock.baseUrl}${SSE}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/event-stream')
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })
})

describe('the MCP server of a mock session on the standalone server', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  it("answers from the session's own records and journals the request in the session's journal", async () => {
    const session = { 'x-mock-session': 'mcp-a' }
    const before = server.service.store.count('workstreamSummary')
    const client = new Client({ name: 'session-test', version: '1.0.0' })
    const url = new URL(`${server.url}${STREAMABLE}`)
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: session } }))
    try {
      const created = await client.callTool({
        name: 'create_pieces_memory',
        arguments: { summary_description: 'Only in session mcp-a', summary: 'Kept apart.' },
      })
      expect((created as { isError?: boolean }).isError).toBeFalsy()
    } finally {
      await client.close()
    }
    expect(server.service.store.count('workstreamSummary')).toBe(before)
    expect((await journal(server.url, session)).map((entry) => entry.operation)).toContain(
      'modelContextProtocolStreamableHttp',
    )
    expect((await journal(server.url)).map((entry) => entry.operation)).not.toContain(
      'modelContextProtocolStreamableHttp',
    )
  })
})

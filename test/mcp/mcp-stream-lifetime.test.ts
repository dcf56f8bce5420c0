import { once } from 'node:events'
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { createMockService } from 'conversation-asset-mock'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMcpEndpoint } from '../../src/operations/mcp/create-mcp-endpoint.js'
import { createAnswerBatch } from '../../src/server/http/write-answer.js'

describe('an MCP event stream on the standalone server', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    // Timeouts far shorter than a stream lives: a client must send its request within 150 ms.
    server = await startStandaloneServer({ port: 0, headersTimeoutMs: 150, requestTimeoutMs: 150 })
  })
  afterAll(() => server.close())

  it("stays open past the server's request timeouts, carrying the answers of the messages posted for it", async () => {
    const client = new Client({ name: 'lifetime-test', version: '1.0.0' })
    await client.connect(new SSEClientTransport(new URL(`${server.url}/model_context_protocol/2024-11-05/sse`)))
    try {
      // A client that never finishes its headers, opened after the stream: once the server drops it,
      // the stream is older than every timeout the server applies.
      const { port } = new URL(server.url)
      const stalled = connect(Number(port), '127.0.0.1', () => stalled.write('GET / HTTP/1.1\r\nhost: x\r\n'))
      stalled.resume()
      await once(stalled, 'close')
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toContain('ask_pieces_ltm')
    } finally {
      await client.close()
    }
  })
})

describe('a live answer written by the standalone server', () => {
  let http: Server
  let cancelled: Promise<unknown>
  beforeAll(async () => {
    const answers = createAnswerBatch()
    let cancel!: (reason: unknown) => void
    cancelled = new Promise((resolve) => (cancel = resolve))
    const live = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: endpoint\ndata: messages\n\n'))
      },
      cancel,
    })
    http = createServer((_request, response) =>
      answers.add(response, {
        status: 200,
        contentType: 'text/event-stream',
        headers: { 'cache-control': 'no-cache' },
        live,
      }),
    )
    http.listen(0, '127.0.0.1')
    await once(http, 'listening')
  })
  afterAll(() => new Promise((resolve) => http.close(resolve)))

  it('sends each chunk as it comes, chunked, and is cancelled (freed) when the client goes away', async () => {
    const { port } = http.address() as AddressInfo
    const sent = request({ port, host: '127.0.0.1', path: '/' })
    sent.end()
    const [response] = (await once(sent, 'response')) as [IncomingMessage]
    expect(response.headers['content-type']).toBe('text/event-stream')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['transfer-encoding']).toBe('chunked')
    const [first] = (await once(response, 'data')) as [Buffer]
    expect(first.toString()).toBe('event: endpoint\ndata: messages\n\n')
    sent.destroy()
    await cancelled
  })
})

describe("the MCP server's event streams", () => {
  it('lets go of a stream whose client cancels it', async () => {
    const mcp = createMcpEndpoint({ store: createMockService().store, version: '12.3.0' })
    const url = new URL('http://localhost/model_context_protocol/2024-11-05/sse')
    const response = await mcp.handle({ method: 'GET', url, headers: new Headers(), body: '' }, 'sse')
    expect(mcp.streamCount()).toBe(1)
    await response.body!.cancel()
    expect(mcp.streamCount()).toBe(0)
  })
})

import { request } from 'node:http'
import { startStandaloneServer, type StandaloneServer } from 'conversation-asset-mock/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * `pieces mcp setup` first checks that the MCP server runs (cli-agent,
 * src/pieces/mcp/handler.py, check_mcp_running): it reads the schema
 * versions, opens the first entry point with urllib (no Accept header, a
 * 1 s timeout) and reads lines until one is not empty. Any error, or no
 * line within the second, is "Pieces MCP server is not running" (exit 2).
 */

/** The first non-empty line of a GET, as urllib reads it, and the request to end it. */
function firstLine(url: string): Promise<{ line: string; status: number; end(): void }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { 'user-agent': 'Python-urllib/3.12', connection: 'close' } }, (response) => {
      let buffered = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        buffered += chunk
        const line = buffered.split('\n').find((text) => text.trim() !== '')
        if (line !== undefined && buffered.includes('\n')) {
          response.removeAllListeners('data')
          resolve({ line: line.trim(), status: response.statusCode ?? 0, end: () => sent.destroy() })
        }
      })
    })
    sent.setTimeout(1000, () => sent.destroy(new Error('timed out after 1 s')))
    sent.on('error', reject)
    sent.end()
  })
}

describe('the reachability check of pieces mcp setup, on the standalone server', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(() => server.close())

  it('finds the MCP server running: the latest entry point answers 200 with an event line within a second', async () => {
    const versions = (await (await fetch(`${server.url}/model_context_protocol/schema_versions`)).json()) as {
      iterable: Array<{ version: string; entry_endpoint: string }>
    }
    const latest = versions.iterable[0]!.entry_endpoint
    expect(latest).toBe(`${server.url}/model_context_protocol/2024-11-05/sse`)
    const { line, status, end } = await firstLine(latest)
    end()
    expect(status).toBe(200)
    expect(line).toBe('event: endpoint')
  })

  it('ends the oldest SSE stream when a seventeenth opens, so streams stay bounded', async () => {
    const url = `${server.url}/model_context_protocol/2024-11-05/sse`
    const controller = new AbortController()
    const readers = []
    for (let i = 0; i < 17; i++) {
      const response = await fetch(url, { signal: controller.signal })
      const reader = response.body!.getReader()
      await reader.read()
      readers.push(reader)
    }
    expect((await readers[0]!.read()).done).toBe(true)
    controller.abort()
  })

  it('answers a post to a stream that is not open 404, naming where to start', async () => {
    const response = await fetch(`${server.url}/model_context_protocol/2024-11-05/messages?sessionId=nope`, {
      method: 'POST',
      body: '{}',
    })
    expect(response.status).toBe(404)
    expect(await response.text()).toMatch(/^Failed to post an MCP message: .* Open GET .*\/sse/)
  })
})

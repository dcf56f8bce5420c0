import type { Route } from '@playwright/test'
import { createMockService } from 'conversation-asset-mock'
import { describe, expect, it } from 'vitest'
import { baseUrlParts } from '../../src/core/http-surface/base-url-parts.js'
import { portOf } from '../../src/core/service-port.js'
import { routeHttp, type RouteTarget } from '../../src/playwright/route-http.js'

const BASE = 'http://localhost:39300'

/** What `route.fulfill` was given for one request, through the Playwright adapter's route handler. */
async function fulfilled(
  method: string,
  path: string,
  body: string | null = null,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const service = createMockService()
  let handle!: (route: Route) => Promise<void>
  const target = {
    route: async (_url: unknown, handler: (route: Route) => Promise<void>) => void (handle = handler),
    unroute: async () => undefined,
  } as unknown as RouteTarget
  await routeHttp(target, portOf(service), baseUrlParts(BASE))
  let answer: { status: number; headers: Record<string, string>; body: Buffer } | undefined
  const route = {
    request: () => ({
      method: () => method,
      url: () => `${BASE}${path}`,
      postData: () => body,
      headers: () => headers,
    }),
    fulfill: async (given: typeof answer) => void (answer = given),
    fallback: async () => undefined,
    abort: async () => undefined,
  } as unknown as Route
  await handle(route)
  service.close()
  return answer!
}

describe('the MCP entry points through Playwright routing', () => {
  it('answers the streamable HTTP entry point in full', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'pw', version: '1.0.0' } },
    }
    const answer = await fulfilled('POST', '/model_context_protocol/2025-03-26/mcp', JSON.stringify(initialize), {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body.toString()).result.serverInfo.name).toBe('Pieces')
  })

  it('sends only the first event of the 2024-11-05 event stream, since route.fulfill cannot stream', async () => {
    const answer = await fulfilled('GET', '/model_context_protocol/2024-11-05/sse')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/event-stream')
    expect(answer.body.toString()).toMatch(/^event: endpoint\ndata: messages\?sessionId=[\w-]+\n\n$/)
  })
})

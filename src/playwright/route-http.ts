import type { BrowserContext, Page, Route } from '@playwright/test'
import type { BaseUrlParts } from '../core/http-surface/base-url-parts.js'
import { pathUnderBase } from '../core/http-surface/base-url-parts.js'
import type { HttpReply } from '../core/http-surface/http-reply.js'
import { createHttpSurface } from '../core/http-surface/http-surface.js'
import type { ServicePort } from '../core/service-port.js'

/** Where the routes go: a page, or every page of a browser context. */
export type RouteTarget = Pick<Page | BrowserContext, 'route' | 'unroute' | 'routeWebSocket'>

/**
 * Answers the page's HTTP requests to the mock's base URL through
 * Playwright's routing: each request the service's HTTP surface matches is
 * answered by it; when `strict`, any other under the base URL (not the
 * control API) gets the journaled 404 naming the nearest operations; the
 * rest falls back to the next route or the network.
 * Resolves to the function that removes the route.
 *
 * @example
 * const unroute = await routeHttp(page, portOf(service), baseUrlParts('http://localhost:39300'))
 */
export async function routeHttp(
  target: RouteTarget,
  port: Pick<ServicePort, 'route' | 'answer' | 'answerUnknown'>,
  base: BaseUrlParts,
  strict = true,
): Promise<() => Promise<void>> {
  const surface = createHttpSurface(port, base)
  const matches = (url: URL) => pathUnderBase(base, url) !== undefined

  async function handle(route: Route): Promise<void> {
    const request = route.request()
    const method = request.method()
    const url = new URL(request.url())
    const match = surface.match(method, url)
    if (!match) {
      // Strict mode: the rest of the base URL (not the control API) gets the journaled 404 naming the nearest operations.
      const unknown = strict ? surface.unknown(method, url, () => Object.entries(request.headers())) : undefined
      return unknown ? fulfill(route, unknown) : route.fallback()
    }
    const body = () => (method === 'GET' || method === 'HEAD' ? '' : (request.postData() ?? ''))
    const headers = request.headers()
    const header = (name: string) => headers[name]
    return fulfill(
      route,
      await surface.reply(method, match, {
        query: url.searchParams,
        body,
        header,
        headers: () => Object.entries(headers),
      }),
    )
  }

  await target.route(matches, handle)
  return () => target.unroute(matches, handle)
}

/**
 * Fulfils a route with a reply: Playwright sends a body whole, so a stream's
 * pieces are joined. `route.fulfill` cannot stream, so a live answer (the
 * MCP server's Server-Sent Events) is sent as far as it has come (its first
 * event) and then ended: the stream is cancelled, and what it would have sent
 * later never arrives (see docs/mcp-and-applets.md).
 */
async function fulfill(route: Route, reply: HttpReply): Promise<void> {
  if ('networkError' in reply) return route.abort('failed')
  const { status, headers, body, stream, live } = reply
  if (live) return route.fulfill({ status, headers, body: Buffer.from(await firstChunk(live)) })
  const whole = stream ? [...stream].join('') : body instanceof Uint8Array ? Buffer.from(body) : (body ?? '')
  return route.fulfill({ status, headers, body: whole })
}

/** What a live stream has sent first, the stream then cancelled. */
async function firstChunk(live: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = live.getReader()
  try {
    const { value } = await reader.read()
    return value ?? new Uint8Array(0)
  } finally {
    reader.cancel().catch(() => undefined)
  }
}

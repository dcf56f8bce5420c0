import type { BrowserContext, Page, Route } from '@playwright/test'
import type { MockService, ServiceRoute } from '../core/create-mock-service.js'
import { bodyText, type Answer } from '../execution/answer.js'
import type { BaseUrlParts } from './base-url-parts.js'

/** Where the routes go: a page, or every page of a browser context. */
export type RouteTarget = Pick<Page | BrowserContext, 'route' | 'unroute' | 'routeWebSocket'>

/** The CORS headers of the service's own answers, as the standalone server sends them. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, HEAD, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, application, x-application-id',
}

/**
 * Answers the page's HTTP requests to the mock's base URL through
 * Playwright's routing: each request the service routes is answered by it;
 * any other falls back to the next route or the network. Resolves to the
 * function that removes the route.
 *
 * @example
 * const unroute = await routeHttp(page, service, baseUrlParts('http://localhost:39300'))
 */
export async function routeHttp(
  target: RouteTarget,
  service: Pick<MockService, 'route' | 'answer'>,
  base: BaseUrlParts,
): Promise<() => Promise<void>> {
  const matches = (url: URL) =>
    url.origin === base.origin && (base.prefix === '' || url.pathname.startsWith(`${base.prefix}/`))

  async function handle(route: Route): Promise<void> {
    const request = route.request()
    const url = new URL(request.url())
    const path = url.pathname.slice(base.prefix.length)
    const method = request.method()
    const open = !path.startsWith('/__mock')
    if (method === 'OPTIONS' && open) return route.fulfill({ status: 204, headers: CORS_HEADERS })
    const found: ServiceRoute | undefined = service.route(method, path)
    if (!found) return route.fallback()
    const body = method === 'GET' || method === 'HEAD' ? '' : (request.postData() ?? '')
    const answer = await service.answer(found, { method, path, query: url.searchParams, body })
    return fulfill(route, answer, open)
  }

  await target.route(matches, handle)
  return () => target.unroute(matches, handle)
}

function fulfill(route: Route, answer: Answer, open: boolean): Promise<void> {
  if ('networkError' in answer) return route.abort('failed')
  const headers: Record<string, string> = open ? { ...CORS_HEADERS } : {}
  if (answer.contentType) headers['content-type'] = answer.contentType
  if (answer.body === undefined && answer.contentLength !== undefined) {
    headers['content-length'] = String(answer.contentLength)
  }
  const body =
    answer.body === undefined
      ? ''
      : answer.body instanceof Uint8Array
        ? Buffer.from(answer.body)
        : bodyText(answer.body)
  return route.fulfill({ status: answer.status, headers, body })
}

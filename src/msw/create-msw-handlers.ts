import { http, HttpResponse, type RequestHandler } from 'msw'
import type { MockService, ServiceRoute } from '../core/create-mock-service.js'
import { errorAnswer, type Answer } from '../execution/answer.js'
import { JsonPieces } from '../execution/json-pieces.js'
import { readRequestText } from './read-request-text.js'

/**
 * The CORS headers of the service's own answers, as the standalone server sends them: a DOM library
 * whose fetch keeps the same-origin policy (happy-dom, intercepted by msw 3 below its fetch) preflights
 * the mock's base URL and reads only answers that allow its origin.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, HEAD, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, application, x-application-id',
} as const

/**
 * MSW request handlers for a service answering at `baseUrl`: one handler
 * that asks the service's router, for every operation and the control API.
 *
 * A request no route answers does not match, so it goes on to the next
 * handler, or is unhandled: a project's own handlers and `server.use()`
 * overrides keep working beside the mock's.
 *
 * @example
 * setupServer(...createMswHandlers(service, 'http://localhost:39300'))
 */
export function createMswHandlers(service: MockService, baseUrl: string): RequestHandler[] {
  // Where the base URL's own path ends, so a base such as http://localhost:1000/api works too.
  const { origin, pathname } = new URL(`${baseUrl.replace(/\/+$/, '')}/`)
  const prefix = pathname.slice(0, -1)

  function find(method: string, url: URL): ServiceRoute | undefined {
    if (url.origin !== origin) return undefined
    if (prefix !== '' && !url.pathname.startsWith(`${prefix}/`)) return undefined
    return service.route(method, url.pathname.slice(prefix.length))
  }

  /** Whether a request is a CORS preflight of the service's own paths (the control API allows no other origin). */
  function isPreflight(method: string, url: URL): boolean {
    if (method !== 'OPTIONS' || url.origin !== origin) return false
    const path = url.pathname.slice(prefix.length)
    return (prefix === '' || url.pathname.startsWith(`${prefix}/`)) && !path.startsWith('/__mock')
  }

  // The route the predicate chose, for the resolver of the same request.
  const chosen = new WeakMap<Request, ServiceRoute>()

  return [
    // A custom predicate (msw >= 2.11): a request no route answers does not
    // match, and msw decodes nothing that could throw.
    http.all(
      ({ request }) => {
        const url = new URL(request.url)
        if (isPreflight(request.method, url)) return { matches: true, params: {} }
        const route = find(request.method, url)
        if (!route) return false
        chosen.set(request, route)
        return { matches: true, params: route.params }
      },
      async ({ request }) => {
        const url = new URL(request.url)
        if (isPreflight(request.method, url)) return new HttpResponse(null, { status: 204, headers: CORS_HEADERS })
        const route = chosen.get(request) ?? find(request.method, url)
        if (!route) return undefined
        const cors = 'control' in route ? {} : CORS_HEADERS
        let body: string
        try {
          body = await readRequestText(request, service.maxBodyBytes)
        } catch (error) {
          return toResponse(errorAnswer(error), cors)
        }
        const answer = await service.answer(route, {
          method: request.method,
          path: url.pathname.slice(prefix.length),
          query: url.searchParams,
          body,
          host: url.host,
        })
        return toResponse(answer, cors)
      },
    ),
  ]
}

function toResponse(answer: Answer, cors: Readonly<Record<string, string>>): Response {
  if ('networkError' in answer) return HttpResponse.error()
  if (answer.body === undefined && answer.contentLength !== undefined) {
    // A HEAD: the GET's headers, no body.
    return new HttpResponse(null, {
      status: answer.status,
      headers: {
        ...cors,
        ...(answer.contentType && { 'content-type': answer.contentType }),
        'content-length': String(answer.contentLength),
      },
    })
  }
  if (answer.body === undefined) return new HttpResponse(null, { status: answer.status, headers: cors })
  const body = answer.body instanceof JsonPieces ? piecesStream(answer.body) : answer.body
  return new HttpResponse(body as BodyInit, {
    status: answer.status,
    headers: answer.contentType ? { ...cors, 'content-type': answer.contentType } : cors,
  })
}

/** A large answer's pieces as a byte stream, each piece built when the reader asks for more. */
function piecesStream(body: JsonPieces): ReadableStream<Uint8Array> {
  const pieces = body[Symbol.iterator]()
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.next()
      if (next.done === true) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    cancel() {
      pieces.return?.()
    },
  })
}

import { http, HttpResponse, type RequestHandler } from 'msw'
import { isControlPath } from '../core/access-policy.js'
import { baseUrlParts, pathUnderBase, type BaseUrlParts } from '../core/http-surface/base-url-parts.js'
import type { HttpReply } from '../core/http-surface/http-reply.js'
import { createHttpSurface, type HttpSurface, type SurfaceMatch } from '../core/http-surface/http-surface.js'
import type { ServicePort } from '../core/service-port.js'
import { bodyLength } from '../execution/answer.js'
import { nextTurn } from '../store/next-turn.js'
import { readRequestText } from './read-request-text.js'

/**
 * MSW request handlers for a service answering at `baseUrl`: one handler
 * that asks the service's HTTP surface, for every operation, the control API
 * and the preflights of the service's own paths; then, when `strict`, a
 * catch-all for the rest of the base URL (not the control API) answering
 * the journaled 404 that names the nearest operations.
 *
 * A request no route answers does not match the first handler; without
 * `strict` it goes on to the next handler or is unhandled. `server.use()`
 * overrides come before every handler, so they keep working either way; a
 * project's own handlers for the base URL must come before these.
 *
 * @example
 * setupServer(...createMswHandlers(portOf(service), 'http://localhost:39300', true))
 */
export function createMswHandlers(
  port: Pick<ServicePort, 'route' | 'answer' | 'answerUnknown' | 'maxBodyBytes'>,
  baseUrl: string,
  strict: boolean,
): RequestHandler[] {
  const base = baseUrlParts(baseUrl)
  const surface = createHttpSurface(port, base)
  // What the predicate matched, and the URL it parsed, for the resolver of the same request.
  const chosen = new WeakMap<Request, { readonly match: SurfaceMatch; readonly url: URL }>()
  return [
    // A custom predicate (msw >= 2.11): a request no route answers does not
    // match, and msw decodes nothing that could throw.
    http.all(
      ({ request }) => {
        const url = new URL(request.url)
        const match = surface.match(request.method, url)
        if (!match) return false
        chosen.set(request, { match, url })
        return { matches: true, params: 'route' in match ? match.route.params : {} }
      },
      async ({ request }) => {
        const matched = chosen.get(request)
        const url = matched?.url ?? new URL(request.url)
        const match = matched?.match ?? surface.match(request.method, url)
        if (!match) return undefined
        const body = () => readRequestText(request, port.maxBodyBytes)
        const header = (name: string) => request.headers.get(name) ?? undefined
        const reply = await surface.reply(request.method, match, {
          query: url.searchParams,
          host: url.host,
          body,
          header,
          headers: () => request.headers,
        })
        return toResponse(reply)
      },
    ),
    ...(strict ? [unknownRouteHandler(surface, base)] : []),
  ]
}

/** The catch-all of strict mode: any other request under the base URL but the control API's gets the journaled 404. */
function unknownRouteHandler(surface: HttpSurface, base: BaseUrlParts): RequestHandler {
  return http.all(
    ({ request }) => {
      const path = pathUnderBase(base, new URL(request.url))
      return path !== undefined && !isControlPath(path)
    },
    ({ request }) => {
      const reply = surface.unknown(request.method, new URL(request.url), () => request.headers)
      return reply && toResponse(reply)
    },
  )
}

/**
 * A reply as a fetch `Response`: a whole body with its `content-length`, as
 * the service frames it (without one, msw 3 on Node ends the connection after
 * the answer, and the client opens a new one for its next request); a
 * stream's pieces through a `ReadableStream`; a live answer's stream as its
 * body (each chunk reaches the client as it comes; the client's cancel
 * reaches the stream); a network error as MSW's.
 */
function toResponse(reply: HttpReply): Response {
  if ('networkError' in reply) return HttpResponse.error()
  const { status, headers, body, stream, live } = reply
  if (live) return new HttpResponse(live, { status, headers })
  if (stream) return new HttpResponse(piecesStream(stream), { status, headers })
  if (body === undefined) return new HttpResponse(null, { status, headers })
  // The headers are this reply's own: the length is added to them, not to a copy.
  headers['content-length'] = String(bodyLength(body))
  return new HttpResponse(body as BodyInit, { status, headers })
}

/**
 * A large answer's pieces as a byte stream, each piece built when the reader
 * asks for more, on a later turn of the event loop than the last one: a
 * reader that takes the body as fast as it comes still lets other requests
 * and timers run between pieces.
 */
function piecesStream(stream: Iterable<string>): ReadableStream<Uint8Array> {
  const pieces = stream[Symbol.iterator]()
  const encoder = new TextEncoder()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (started) await nextTurn()
      started = true
      const next = pieces.next()
      if (next.done === true) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    cancel() {
      pieces.return?.()
    },
  })
}

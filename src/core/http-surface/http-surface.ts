import { errorAnswer } from '../../execution/answer.js'
import { requestMarks, type RequestMarks } from '../../execution/request-marks.js'
import { isControlPath } from '../access-policy.js'
import type { ServicePort } from '../service-port.js'
import type { ServiceRoute } from '../service-request.js'
import type { BaseUrlParts } from './base-url-parts.js'
import { pathUnderBase } from './base-url-parts.js'
import { httpReply, type HttpReply } from './http-reply.js'

/** What a request to the base URL is: a preflight of the service's own paths, or a request on a route. */
export type SurfaceMatch =
  { readonly preflight: true } | { readonly route: ServiceRoute; readonly path: string; readonly open: boolean }

/** What an in-process transport knows of a request beyond its method and URL. */
export interface SurfaceRequest {
  readonly query: URLSearchParams
  /** The body as text; a read that fails (a body past the limit) is answered as its error. */
  body(): string | Promise<string>
  /** The `Host` the request was sent to, when the transport knows it. */
  readonly host?: string
  /** A request header by its lower-case name (the MCP entry points read them). */
  header?(name: string): string | undefined
  /**
   * Every request header as received, `[lower-case name, value]`, when the
   * transport hands them on: the journal keeps them (bounded, credentials redacted).
   */
  headers?(): Iterable<readonly [string, string]>
}

/** The service's HTTP surface at a base URL, for a transport that intercepts requests in process. */
export interface HttpSurface {
  /** What a request is, or undefined when the service does not answer it (another origin or path, or no route). */
  match(method: string, url: URL): SurfaceMatch | undefined
  /** The reply to a matched request: 204 with the CORS headers to a preflight, else the service's answer. */
  reply(method: string, match: SurfaceMatch, request: SurfaceRequest): Promise<HttpReply>
  /**
   * The journaled 404 (naming the nearest operations) of a request under the
   * base URL that `match` does not answer; undefined for another origin or
   * path, and for the control API's paths.
   */
  unknown(method: string, url: URL, headers?: SurfaceRequest['headers']): HttpReply | undefined
}

/**
 * The service's HTTP surface at a base URL: which requests it answers (a
 * preflight of its own paths, never the control API's; a request its router
 * routes) and the reply to each, with the service's CORS headers on all but
 * the control API's. MSW and Playwright answer with it, each writing the
 * reply its own way.
 *
 * @example
 * const surface = createHttpSurface(portOf(service), baseUrlParts('http://localhost:39300'))
 * const match = surface.match('GET', new URL('http://localhost:39300/conversations'))
 */
export function createHttpSurface(
  port: Pick<ServicePort, 'route' | 'answer' | 'answerUnknown'>,
  base: BaseUrlParts,
): HttpSurface {
  return {
    match(method, url) {
      const path = pathUnderBase(base, url)
      if (path === undefined) return undefined
      const open = !isControlPath(path)
      if (method === 'OPTIONS' && open) return { preflight: true }
      const route = port.route(method, path)
      return route && { route, path, open }
    },
    async reply(method, match, request) {
      if ('preflight' in match) return httpReply({ status: 204 }, true)
      const marks = requestMarks()
      let body: string
      try {
        body = await request.body()
      } catch (error) {
        return httpReply(errorAnswer(error), match.open)
      }
      const { query, host, header, headers } = request
      const answer = await port.answer(match.route, {
        ...{ method, path: match.path, query, body },
        ...(host !== undefined && { host }),
        ...(header && { header }),
        ...(headers && { headers }),
        marks,
      })
      return written(httpReply(answer, match.open), marks)
    },
    unknown(method, url, headers) {
      const path = pathUnderBase(base, url)
      if (path === undefined || isControlPath(path)) return undefined
      const marks = requestMarks()
      const answer = port.answerUnknown({
        method,
        path,
        query: url.searchParams,
        body: '',
        ...(headers && { headers }),
        marks,
      })
      return written(httpReply(answer, true), marks)
    },
  }
}

/** The reply, its request marked written now: an in-process transport hands it on as it is. */
function written(reply: HttpReply, marks: RequestMarks): HttpReply {
  marks.written = performance.now()
  return reply
}

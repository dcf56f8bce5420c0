import type { IncomingMessage, ServerResponse } from 'node:http'
import { isControlPath, type RequestClient } from '../../core/access-policy.js'
import { CONTROL_PREFLIGHT_HEADERS } from '../../core/http-surface/service-cors.js'
import type { ServicePort } from '../../core/service-port.js'
import { errorAnswer, textAnswer, type Answer } from '../../execution/answer.js'
import { requestMarks } from '../../execution/request-marks.js'
import type { BodyBudget } from './body-budget.js'
import { clientOf } from './client-of.js'
import { controlBodyRefusal } from './control-body-refusal.js'
import type { FilePersistence } from '../../persistence/file/file-persistence.js'
import type { UpstreamForwarder } from '../../replay/recording/create-upstream-forwarder.js'
import { forwardUnimplemented } from './forward-unimplemented.js'
import { landingAnswer } from './landing-page.js'
import { drainsBodyless, readBody } from './read-body.js'
import type { SessionSelector } from '../sessions/select-session.js'
import type { InspectorServer } from '../serve-inspector.js'
import type { StandaloneServerOptions } from '../standalone-server-options.js'
import type { AnswerBatch } from './write-answer.js'

/** What the standalone server answers every request with: made once, read by each request. */
export interface RequestContext {
  readonly options: StandaloneServerOptions
  /** The default mock's port, which also holds the access policy. */
  readonly service: ServicePort
  readonly sessions: SessionSelector
  readonly maxBodyBytes: number
  readonly bodyBudget: BodyBudget
  readonly answers: AnswerBatch
  readonly inspector: InspectorServer
  /** The file the default mock's records are kept in (`persist`), once it is open. */
  persistence: FilePersistence | undefined
  /** Forwards what the mock answers 501 to `options.proxy`, when it is set. */
  readonly proxy?: UpstreamForwarder
  /** Set by close(): answers from then on end their connections. */
  closing: boolean
}

/**
 * Answers one HTTP request: routed by the mock's own router (the default
 * mock's, or the session's it names), behind the control API's access
 * policy, and queued on the context's answer batch.
 *
 * @example
 * answerRequest(context, request, response).catch((error) => context.answers.add(response, errorAnswer(error)))
 */
export async function answerRequest(
  context: RequestContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { options, service } = context
  const started = options.log ? performance.now() : 0
  const marks = requestMarks()
  const method = request.method ?? 'GET'
  const rawUrl = request.url ?? '/'
  const queryStart = rawUrl.indexOf('?')
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart)
  const control = isControlPath(path)
  // Only the control API weighs the client's address and origin; an operation reads its `Host` alone.
  const client: RequestClient = control ? clientOf(request) : { host: request.headers.host }
  const session = context.sessions.select(request, false)
  const target = 'service' in session ? session.service : service
  // The control API and the inspector: this machine's clients, through a loopback name, from no other site.
  const refusal = control ? service.access.refusal(path, client) : undefined
  if (control && !refusal) allowOrigin(service, request, response)
  let result: Answer
  if (method === 'OPTIONS') {
    request.resume()
    result = preflightAnswer(response, control, refusal)
  } else if (rawUrl === '/' && (method === 'GET' || method === 'HEAD')) {
    request.resume()
    result = landingAnswer(request.headers.accept, request.headers.host)
  } else {
    const route = target.route(method, path)
    const refused = refusedAnswer(request, control, refusal, 'refusal' in session ? session.refusal : undefined)
    if (refused) {
      request.resume()
      result = refused
    } else if (!route) {
      const query = new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1))
      // Journaled under `unknown`, with the nearest operations; the control API's own paths are not the service's.
      result = control
        ? textAnswer(404, `No operation of the service answers ${method} ${path}.`)
        : target.answerUnknown({ method, path, query, body: '', ...client, headers: () => headerPairs(request), marks })
      // With --proxy, a path no operation answers (a newer client's) is the upstream's to answer.
      if (context.proxy && !control) result = await forwardUnknown(context, { request, response }, rawUrl, result)
      else request.resume()
    } else if ('control' in route && route.control.served) {
      request.resume()
      return context.inspector.serve(route.control.served, response)
    } else {
      try {
        // A GET or HEAD has no body to wait for: no turn of the event loop for it.
        const body = drainsBodyless(request)
          ? ''
          : await readBody(request, context.maxBodyBytes, context.bodyBudget, response)
        const query = new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1))
        const header = (name: string) => headerOf(request, name)
        const headers = () => headerPairs(request)
        const work = () => target.answer(route, { method, path, query, body, ...client, header, headers, marks })
        // Durable --persist: the answer waits until the request's writes are on disk.
        const persistence = context.persistence
        result = persistence && target === service ? await persistence.settle(work) : await work()
        if (context.proxy && !control)
          result = await forwardUnimplemented(context.proxy, { request, response }, rawUrl, body, result)
      } catch (error) {
        result = errorAnswer(error)
      }
    }
  }
  // Once close() has begun, a request still in flight gets its answer and its connection ends with it.
  if (context.closing) response.setHeader('connection', 'close')
  context.answers.add(response, result, !control, marks)
  if (options.log) {
    const status = 'networkError' in result ? 'network error' : result.status
    options.log(`${method} ${rawUrl} ${status} ${(performance.now() - started).toFixed(1)}ms`)
  }
}

/** Every request header as received, its name in lower case, a repeated one once per line. */
function* headerPairs(request: IncomingMessage): Iterable<readonly [string, string]> {
  const raw = request.rawHeaders
  for (let at = 0; at + 1 < raw.length; at += 2) yield [raw[at]!.toLowerCase(), raw[at + 1]!]
}

/** A request header by its lower-case name; repeated ones joined as one. */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** A page of an origin the options allow may read the control API's answers too; no other page may. */
function allowOrigin(service: ServicePort, request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin
  if (origin !== undefined && service.access.allowsOrigin(origin)) {
    response.setHeader('access-control-allow-origin', origin)
    response.setHeader('vary', 'origin')
  }
}

/** The answer to a CORS preflight: 403 for a refused client, else 204 (with the control API's methods). */
function preflightAnswer(response: ServerResponse, control: boolean, refusal: string | undefined): Answer {
  if (refusal) return textAnswer(403, refusal)
  if (control) for (const [name, value] of Object.entries(CONTROL_PREFLIGHT_HEADERS)) response.setHeader(name, value)
  return { status: 204 }
}

/** Why a request is answered before its body is read: a refused client, a bad session id, a control body not JSON. */
function refusedAnswer(
  request: IncomingMessage,
  control: boolean,
  refusal: string | undefined,
  sessionRefusal: string | undefined,
): Answer | undefined {
  if (refusal) return textAnswer(403, refusal)
  if (sessionRefusal !== undefined) return textAnswer(400, sessionRefusal)
  const bodyRefusal = control ? controlBodyRefusal(request.headers) : undefined
  return bodyRefusal ? textAnswer(415, bodyRefusal) : undefined
}

/** The upstream's answer to a request no operation of the mock answers, its body read as any other (bounded). */
async function forwardUnknown(
  context: Pick<RequestContext, 'proxy' | 'maxBodyBytes' | 'bodyBudget'>,
  io: { request: IncomingMessage; response: ServerResponse },
  rawUrl: string,
  unknown: Answer,
): Promise<Answer> {
  try {
    const body = drainsBodyless(io.request)
      ? ''
      : await readBody(io.request, context.maxBodyBytes, context.bodyBudget, io.response)
    return await forwardUnimplemented(context.proxy!, io, rawUrl, body, unknown, true)
  } catch (error) {
    return errorAnswer(error)
  }
}

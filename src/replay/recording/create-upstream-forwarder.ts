import { forwardRequest, type ForwardedAnswer, type ForwardedRequest } from './forward-request.js'

/** Most requests waiting on the upstream at once, by default; past it a request answers 503. */
const DEFAULT_MAX_PENDING_UPSTREAM = 64

/** How a forwarder bounds what it sends to its upstream. */
export interface UpstreamLimits {
  /** How long the upstream has to answer whole (default 30 s); past it the answer is a 504. */
  readonly timeoutMs?: number | undefined
  /** Most requests waiting on the upstream at once (default 64); past it a request answers 503, nothing sent. */
  readonly maxPending?: number | undefined
}

/** Sends requests to one upstream only, a bounded number at a time. */
export interface UpstreamForwarder {
  /** The service forwarded to, e.g. http://localhost:39300. */
  readonly upstream: string
  /** Requests sent and not yet answered. */
  readonly pending: number
  /** Forwards one request (see `forwardRequest`); `signal` aborts it when the client goes away. */
  forward(request: ForwardedRequest, signal?: AbortSignal): Promise<ForwardedAnswer>
}

/**
 * A forwarder to `upstream` alone: each request's URL is the upstream's
 * origin and the request's path (a target that could leave it answers 400),
 * each waits at most `timeoutMs` (504), and past `maxPending` requests
 * waiting at once a new one answers 503 without being sent.
 *
 * @example
 * const forwarder = createUpstreamForwarder('http://localhost:39300', { timeoutMs: 10_000, maxPending: 16 })
 * const answer = await forwarder.forward({ method: 'GET', url: '/assets', headers: {}, body: '' })
 */
export function createUpstreamForwarder(upstream: string, limits: UpstreamLimits = {}): UpstreamForwarder {
  const maxPending = limits.maxPending ?? DEFAULT_MAX_PENDING_UPSTREAM
  let pending = 0
  return {
    upstream,
    get pending() {
      return pending
    },
    async forward(request, signal) {
      if (pending >= maxPending) return busy(upstream, maxPending)
      pending += 1
      try {
        return await forwardRequest(upstream, request, { timeoutMs: limits.timeoutMs, signal })
      } finally {
        pending -= 1
      }
    },
  }
}

function busy(upstream: string, maxPending: number): ForwardedAnswer {
  return {
    status: 503,
    statusText: 'Service Unavailable',
    headers: [
      ['content-type', 'text/plain; charset=utf-8'],
      ['retry-after', '1'],
    ],
    body: Buffer.from(
      `Failed to forward the request to ${upstream}: ${maxPending} requests are already waiting on it. Retry once some are answered.`,
    ),
    notSent: true,
  }
}

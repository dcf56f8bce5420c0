import { HttpResponse } from 'msw'

/** What MSW does with a request no handler answers. */
export type UnhandledStrategy = 'bypass' | 'warn' | 'error'

interface Print {
  warning(): void
  error(): void
}

interface UnhandledFrame {
  protocol: string
  data: { request?: Request; connection?: { client: { url: URL | string } } }
}

/** The listen options of msw 2 (`onUnhandledRequest`) and msw 3 (`onUnhandledFrame`). */
export interface ScopedUnhandledOptions {
  onUnhandledRequest(request: Request, print: Print): void
  onUnhandledFrame(args: { frame: UnhandledFrame; defaults: { warn(): void; error(): void } }): void
}

/**
 * Applies `strategy` only to requests (and WebSocket connections) at the
 * mock's own base URL, and leaves every other one alone so that another MSW
 * server in the same process (a second mock, or the project's own
 * `setupServer`) can answer it: MSW hands each request to every server that
 * listens, in turn, and an "error" from one would fail the others' requests.
 *
 * @example
 * server.listen(scopedUnhandled('http://localhost:39300', 'error'))
 */
export function scopedUnhandled(baseUrl: string, strategy: UnhandledStrategy): ScopedUnhandledOptions {
  const { origin, pathname } = new URL(`${baseUrl.replace(/\/+$/, '')}/`)
  const wsOrigin = origin.replace(/^http/, 'ws')
  const owns = (url: string) => {
    const parsed = new URL(url)
    const sameOrigin = parsed.origin === origin || parsed.origin === wsOrigin
    return sameOrigin && `${parsed.pathname}/`.startsWith(pathname)
  }
  const apply = (url: string, isSocket: boolean, print: Print) => {
    if (strategy === 'bypass' || !owns(url)) return
    if (strategy === 'warn') return print.warning()
    print.error()
    // A Response thrown here fails the request the way MSW's own "error" strategy does.
    if (!isSocket) throw HttpResponse.error()
    throw new Error(`No stream of the mock service is at ${url}.`)
  }
  return {
    onUnhandledRequest(request, print) {
      apply(request.url, request.headers.get('upgrade') === 'websocket', print)
    },
    onUnhandledFrame({ frame, defaults }) {
      const print = { warning: defaults.warn, error: defaults.error }
      if (frame.data.request) apply(frame.data.request.url, false, print)
      else if (frame.data.connection) apply(String(frame.data.connection.client.url), true, print)
    },
  }
}

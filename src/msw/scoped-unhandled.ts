import { HttpResponse } from 'msw'

/** What MSW does with a request no handler answers. */
type UnhandledStrategy = 'bypass' | 'warn' | 'error'

interface Print {
  warning(): void
  error(): void
}

interface UnhandledFrame {
  protocol: string
  data: { request?: Request; connection?: { client: { url: URL | string } } }
}

const STRICTEST: readonly UnhandledStrategy[] = ['error', 'warn']
/** The official client's own base (`BASE_PATH` of its runtime), where a client without a `basePath` sends. */
const CLIENT_DEFAULT_ORIGIN = 'http://localhost:1000'

/** A base URL and what to do with the requests there that no handler answers. */
export interface UnhandledScope {
  readonly baseUrl: string
  readonly strategy: UnhandledStrategy
}

/** The listen options of msw 2 (`onUnhandledRequest`) and msw 3 (`onUnhandledFrame`). */
export interface ScopedUnhandledOptions {
  onUnhandledRequest(request: Request, print: Print): void
  onUnhandledFrame(args: { frame: UnhandledFrame; defaults: { warn(): void; error(): void } }): void
}

/**
 * What MSW does with what no handler answers, for the mocks listening: a
 * request at a mock's base URL gets that mock's strategy, any other request
 * the strictest of them, and a WebSocket to any URL the mocks do not serve
 * passes through to its real server, so an app's own sockets keep working.
 * The first request to the official client's default base
 * (`http://localhost:1000`) that no mock serves gets a hint naming `basePath`.
 *
 * @example
 * server.listen(scopedUnhandled(() => [{ baseUrl: 'http://localhost:39300', strategy: 'error' }]))
 */
export function scopedUnhandled(scopes: () => readonly UnhandledScope[]): ScopedUnhandledOptions {
  const strategyFor = (url: string, isSocket: boolean): UnhandledStrategy => {
    const parsed = new URL(url)
    const origin = parsed.origin.replace(/^ws/, 'http')
    for (const { baseUrl, strategy } of scopes()) {
      const base = new URL(`${baseUrl.replace(/\/+$/, '')}/`)
      if (base.origin === origin && `${parsed.pathname}/`.startsWith(base.pathname)) return strategy
    }
    if (isSocket) return 'bypass'
    const strategies = scopes().map((scope) => scope.strategy)
    return STRICTEST.find((strategy) => strategies.includes(strategy)) ?? 'bypass'
  }
  let hinted = false
  const apply = (url: string, isSocket: boolean, print: Print, method = 'GET') => {
    const strategy = strategyFor(url, isSocket)
    if (!hinted && !isSocket && new URL(url).origin === CLIENT_DEFAULT_ORIGIN) {
      hinted = true
      const hint = basePathHint(method, url, scopes())
      if (strategy === 'error') console.error(hint)
      else console.warn(hint)
    }
    if (strategy === 'bypass') return
    if (strategy === 'warn') return print.warning()
    print.error()
    // A Response thrown here fails the request the way MSW's own "error" strategy does.
    if (!isSocket) throw HttpResponse.error()
    throw new Error(`No stream of the mock service is at ${url}.`)
  }
  return {
    onUnhandledRequest(request, print) {
      apply(request.url, request.headers.get('upgrade') === 'websocket', print, request.method)
    },
    onUnhandledFrame({ frame, defaults }) {
      const print = { warning: defaults.warn, error: defaults.error }
      if (frame.data.request) apply(frame.data.request.url, false, print, frame.data.request.method)
      else if (frame.data.connection) apply(String(frame.data.connection.client.url), true, print)
    },
  }
}

/** What to change when a request went to the client's default base while the mocks answer elsewhere. */
function basePathHint(method: string, url: string, scopes: readonly UnhandledScope[]): string {
  const bases = scopes.map((scope) => scope.baseUrl).join(' and ')
  return `[conversation-asset-mock] Failed to answer ${method} ${url}: it went to the official client's default base, ${CLIENT_DEFAULT_ORIGIN}, and the mock answers at ${bases}. Give the client the mock's base: new Configuration({ basePath: mock.baseUrl }), or start the mock on the client's base: { baseUrl: '${CLIENT_DEFAULT_ORIGIN}' }.`
}

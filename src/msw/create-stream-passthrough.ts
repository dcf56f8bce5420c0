import { ws, type RequestHandler } from 'msw'

/**
 * One MSW WebSocket handler that lets connections to the service's streams
 * (`paths`, under any base URL) through to the WebSocket class underneath
 * MSW's interceptor — the mock's own mock-socket class when it was installed
 * before `listen()`. Without it MSW reports those connections as unhandled.
 *
 * @example
 * setupServer(createStreamPassthrough(Object.values(STREAM_PATHS)))
 */
export function createStreamPassthrough(paths: readonly string[]): RequestHandler {
  const key = paths.join(' ')
  let handler = passthroughs.get(key)
  if (!handler) {
    const pattern = new RegExp(`^wss?://[^/?#]+(?:/[^?#]*)?(?:${paths.map(escape).join('|')})(?:\\?.*)?$`)
    handler = ws.link(pattern).addEventListener('connection', ({ server }) => {
      server.connect()
    }) as unknown as RequestHandler
    passthroughs.set(key, handler)
  }
  return handler
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The pass-through handler, made once and shared by every mock service
 * whatever its base URL: each `ws.link()` adds a listener to one channel msw
 * keeps for the whole process and never removes, so a link per service or
 * per base URL would pile up (and warn past ten mocks side by side). The
 * handler holds no state of its own: it lets a connection through to the
 * class underneath, which serves each mock's streams and sends any other
 * connection on as MSW does an unhandled one.
 */
const passthroughs = new Map<string, RequestHandler>()

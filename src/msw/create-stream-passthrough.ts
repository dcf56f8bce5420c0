import { ws, type RequestHandler } from 'msw'

/**
 * One MSW WebSocket handler that lets connections to the service's streams
 * (`paths` under `wsBase`) through to the WebSocket class underneath MSW's
 * interceptor — the mock's own mock-socket class when it was installed
 * before `listen()`. Without it MSW reports those connections as unhandled.
 *
 * @example
 * setupServer(createStreamPassthrough('ws://localhost:39300', Object.values(STREAM_PATHS)))
 */
export function createStreamPassthrough(wsBase: string, paths: readonly string[]): RequestHandler {
  const key = `${wsBase} ${paths.join(' ')}`
  let handler = passthroughs.get(key)
  if (!handler) {
    const pattern = new RegExp(`^${escape(wsBase)}(?:${paths.map(escape).join('|')})(?:\\?.*)?$`)
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
 * The pass-through handler of each base URL, made once and shared by every
 * mock service: each `ws.link()` adds a listener to one channel msw keeps for
 * the whole process and never removes, so a link per service (or per stream)
 * would pile up (and warn past ten). The handler holds no state of its own.
 */
const passthroughs = new Map<string, RequestHandler>()

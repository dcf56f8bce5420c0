import { ws, type RequestHandler } from 'msw'

/**
 * MSW WebSocket handlers that let connections to the identifier streams
 * through to the WebSocket class underneath MSW's interceptor — the mock's
 * own mock-socket class when it was installed before `listen()`. Without
 * them MSW reports those connections as unhandled.
 *
 * @example
 * setupServer(...createStreamPassthrough(Object.values(streamUrls)))
 */
export function createStreamPassthrough(urls: readonly string[]): RequestHandler[] {
  return urls.map((url) => {
    let handler = passthroughs.get(url)
    if (!handler) {
      handler = ws.link(url).addEventListener('connection', ({ server }) => {
        server.connect()
      }) as unknown as RequestHandler
      passthroughs.set(url, handler)
    }
    return handler
  })
}

/**
 * The pass-through handler of each stream URL, made once and shared by every
 * mock service: each `ws.link()` adds a listener to one channel msw keeps for
 * the whole process and never removes, so a link per service would pile up
 * (and warn past ten). The handler holds no state of its own.
 */
const passthroughs = new Map<string, RequestHandler>()

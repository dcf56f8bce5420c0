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
    const link = ws.link(url)
    return link.addEventListener('connection', ({ server }) => {
      server.connect()
    }) as unknown as RequestHandler
  })
}

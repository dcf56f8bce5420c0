import { http, type RequestHandler } from 'msw'
import { appletPage, type AppletSources } from '../domain/machine/applet-page.js'
import type { AppletType } from '../domain/machine/os-parts/applets-part.js'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The pages of a service's launched applets, in process: a GET of
 * `http://localhost:<port>/` for a port `POST /os/applet/launch` answered
 * (and not terminated since) gets that applet's page; any other request
 * does not match.
 *
 * @example
 * setupServer(...createMswAdapter(service).handlers) // holds this handler
 */
export function createAppletHandler(sources: AppletSources): RequestHandler {
  const appletAt = (request: Request): AppletType | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const url = new URL(request.url)
    if (!LOOPBACK.has(url.hostname) || url.pathname !== '/') return undefined
    const port = Number(url.port)
    return sources.os.runningApplets().find((applet) => applet.port === port)?.type
  }
  return http.all(
    ({ request }) => appletAt(request) !== undefined,
    ({ request }) => {
      const type = appletAt(request)!
      const page = appletPage(type, sources)
      return new Response(request.method === 'HEAD' ? null : page, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      })
    },
  )
}

import { createServer, type Server } from 'node:http'
import { appletPage, type AppletSources } from '../../domain/machine/applet-page.js'
import type { AppletHost } from '../../domain/machine/applet-hosting.js'
import type { AppletType } from '../../domain/machine/os-parts/applets-part.js'
import type { OsState } from '../../domain/machine/os-state.js'
import { listenOn } from '../http/listen-on.js'

/** What the served applets read: their pages' sources, and the OS state that launches and stops them. */
export interface ServedApplets extends AppletSources {
  readonly os: AppletSources['os'] & Pick<OsState, 'hostApplets'>
}

/**
 * Serves a mock's launched applets on real ports, as PiecesOS does: each
 * applet's page at `/` of the port `POST /os/applet/launch` answers (another
 * free port when its own is taken), until `osAppletTerminate` stops it
 * (its port closed; a later launch opens it again: its own port, else the
 * port it answered on last, else another free one), or `osTerminate`, a
 * reset or the returned function stops them all. One listener per applet
 * type at most.
 *
 * @example
 * const stop = serveApplets({ store: service.store, os: service.machine.os, version: service.info.version }, '127.0.0.1')
 * // POST /os/applet/launch { type: 'COPILOT' } → { port: 39401 }; GET http://127.0.0.1:39401/ → the conversations
 * stop()
 */
export function serveApplets(sources: ServedApplets, host: string): () => void {
  const servers = new Map<AppletType, Promise<{ server: Server; port: number }>>()
  const lastPorts = new Map<AppletType, number>()
  const appletHost: AppletHost = {
    async serve(type, port) {
      let serving = servers.get(type)
      if (!serving) {
        serving = listen(sources, type, [port, lastPorts.get(type) ?? port], host)
        servers.set(type, serving)
        void serving.then(
          (served) => lastPorts.set(type, served.port),
          () => servers.delete(type),
        )
      }
      return (await serving).port
    },
    stop(type) {
      const serving = servers.get(type)
      if (!serving) return Promise.resolve()
      servers.delete(type)
      return serving.then(close, () => undefined)
    },
    stopAll() {
      for (const serving of servers.values()) void serving.then(close, () => undefined)
      servers.clear()
    },
  }
  return sources.os.hostApplets(appletHost)
}

/** Closes an applet's listener and its connections; resolves once it is closed (the port refused from then on). */
function close({ server }: { server: Server }): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** A listener for one applet on the first of `ports` that is free, else on any free port. */
async function listen(sources: AppletSources, type: AppletType, ports: readonly number[], host: string) {
  const server = createServer((request, response) => {
    request.resume()
    const path = (request.url ?? '/').split('?')[0]
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
      response.end(`The ${type} applet answers GET / only.`)
      return
    }
    if (path !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(`The ${type} applet answers at / only.`)
      return
    }
    const page = appletPage(type, sources)
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) })
    response.end(request.method === 'HEAD' ? undefined : page)
  })
  return { server, port: await listenOnFirstFree(server, ports, host) }
}

/** Listens on the first of `ports` not in use, else on any free port; resolves with the port. */
async function listenOnFirstFree(server: Server, ports: readonly number[], host: string): Promise<number> {
  for (const port of new Set(ports)) {
    try {
      return (await listenOn(server, port, host)).port
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    }
  }
  return (await listenOn(server, 0, host)).port
}

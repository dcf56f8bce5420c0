import type { ServicePort } from '../core/service-port.js'
import { installWebSocket, type InstallWebSocketOptions } from './install-web-socket.js'
import { startMockSocketStreams } from './mock-socket-streams.js'

/**
 * Serves `/model/{id}/download/progress` in-process for every model the
 * store holds, now and as models are created or the records reloaded:
 * mock-socket answers only the URLs it is given, so each model gets its
 * own. Returns the function that stops them all.
 *
 * @example
 * const stop = startModelDownloadSockets(portOf(service), 'ws://localhost:39300')
 */
export function startModelDownloadSockets(
  service: Pick<ServicePort, 'store' | 'streamAt'>,
  wsBase: string,
  options: InstallWebSocketOptions = {},
): () => void {
  const served = new Map<string, () => void>()
  function serve(id: string): void {
    if (served.has(id)) return
    const endpoint = service.streamAt(`/model/${encodeURIComponent(id)}/download/progress`)
    if (!endpoint) return
    const streams = startMockSocketStreams([endpoint], wsBase)
    const uninstall = installWebSocket([`${wsBase}${endpoint.path}`], streams.WebSocket, options)
    served.set(id, () => {
      uninstall()
      streams.close()
    })
  }
  function scan(): void {
    for (const model of service.store.all('model')) serve(model.id)
  }
  const unsubscribe = service.store.subscribe((event) => {
    if (event.type === 'replace') return scan()
    for (const change of event.changes) if (change.kind === 'model' && change.type === 'created') serve(change.id)
  })
  scan()
  return () => {
    unsubscribe()
    for (const stop of served.values()) stop()
    served.clear()
  }
}

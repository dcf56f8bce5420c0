import type { IncomingMessage } from 'node:http'
import FindMyWay from 'find-my-way'
import type { MockService } from '../core/create-mock-service.js'
import { isScenarioName } from './scenarios.js'
import type { StoreSnapshot } from '../store/create-store.js'
import type { OperationResult } from '../operations/define-operation.js'

/** The prefix of the control API; no route of the service starts with it. */
export const CONTROL_PREFIX = '/__mock/'

type ControlHandler = (params: Record<string, string | undefined>, body: unknown, query: URLSearchParams) => Promise<OperationResult> | OperationResult

/**
 * The standalone server's control API: reset, snapshots, journal, faults and
 * scenarios over HTTP, for consumer tests that run against the server.
 *
 * @example
 * const control = createControlRoutes(service)
 * const result = await control.answer(request, 'POST', '/__mock/reset', '', query)
 */
export function createControlRoutes(service: MockService) {
  const router = FindMyWay<FindMyWay.HTTPVersion.V1>({ ignoreTrailingSlash: true })
  const snapshots = new Map<string, StoreSnapshot>()
  let counter = 0
  const on = (method: FindMyWay.HTTPMethod, path: string, handler: ControlHandler) =>
    router.on(method, path, () => undefined, { handler })

  on('POST', '/__mock/reset', async () => {
    await service.reset()
    return { status: 204 }
  })
  on('POST', '/__mock/snapshots', () => {
    const id = `snapshot-${++counter}`
    snapshots.set(id, service.snapshot())
    return { status: 201, json: { id } }
  })
  on('POST', '/__mock/snapshots/:id/restore', async ({ id }) => {
    const snapshot = snapshots.get(id ?? '')
    if (!snapshot) return { status: 404, text: `No snapshot "${id}". Take one with POST /__mock/snapshots.` }
    await service.restore(snapshot)
    return { status: 204 }
  })
  on('GET', '/__mock/journal', (_params, _body, query) => {
    const operation = query.get('operation')
    const requests = operation ? service.journal.byOperation(operation) : service.journal.entries
    return { status: 200, json: { requests, dropped: service.journal.dropped } }
  })
  on('DELETE', '/__mock/journal', () => {
    service.journal.clear()
    return { status: 204 }
  })
  on('POST', '/__mock/faults', (_params, body) => {
    if (typeof body !== 'object' || body === null) {
      return { status: 400, text: 'A fault is a JSON object: { "operation", "status"?, "delayMs"?, "networkError"?, "times"? }.' }
    }
    const spec = body as Record<string, unknown>
    const fault = 'stream' in spec ? service.faults.addStream(spec as never) : service.faults.add(spec as never)
    return { status: 201, json: { id: fault.id } }
  })
  on('GET', '/__mock/faults', () => ({ status: 200, json: { faults: service.faults.list() } }))
  on('DELETE', '/__mock/faults', () => {
    service.faults.clear()
    return { status: 204 }
  })
  on('POST', '/__mock/scenarios/:name', async ({ name = '' }) => {
    if (!isScenarioName(name)) return { status: 404, text: `No scenario "${name}". Use default, empty, large or gone-asset.` }
    await service.useScenario(name)
    return { status: 204 }
  })

  return {
    /**
     * Answers a control request; only loopback clients are served, whatever
     * address the server is bound to.
     */
    async answer(request: IncomingMessage, method: string, path: string, rawBody: string, query: URLSearchParams): Promise<OperationResult> {
      if (!isLoopback(request.socket.remoteAddress)) {
        return { status: 403, text: 'The control API answers loopback clients only.' }
      }
      const route = router.find(method as FindMyWay.HTTPMethod, path)
      if (!route) return { status: 404, text: `No control route answers ${method} ${path}.` }
      let body: unknown
      try {
        body = rawBody.trim() === '' ? undefined : JSON.parse(rawBody)
      } catch {
        return { status: 400, text: 'Malformed JSON body.' }
      }
      try {
        return await (route.store as { handler: ControlHandler }).handler(route.params, body, query)
      } catch (error) {
        // Fault specs are checked with invariant(): their messages say what to fix.
        return { status: 400, text: error instanceof Error ? error.message : String(error) }
      }
    },
  }
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

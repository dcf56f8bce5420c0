import { invariant } from 'outvariant'
import { textAnswer } from '../../execution/answer.js'
import { jsonAnswer, NO_CONTENT, type ControlRoute } from './control-route.js'
import type { Faults } from '../faults/faults.js'

/**
 * Faults of operations and streams, added, listed and removed.
 *
 * @example
 * const routes = faultRoutes(service.faults)
 */
export function faultRoutes(faults: Faults): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/__mock/faults',
      run({ body }) {
        invariant(
          typeof body === 'object' && body !== null,
          'Failed to add a fault: the body is not a JSON object. Send { "operation", "status"?, "delayMs"?, "networkError"?, "times"? } or { "stream", … }.',
        )
        const fault = 'stream' in body ? faults.addStream(body as never) : faults.add(body as never)
        return jsonAnswer(201, { id: fault.id })
      },
    },
    {
      method: 'GET',
      path: '/__mock/faults',
      run: () => jsonAnswer(200, { faults: faults.list(), streamFaults: faults.listStreams() }),
    },
    {
      method: 'DELETE',
      path: '/__mock/faults/:id',
      run({ params }) {
        if (faults.remove(params.id ?? '')) return NO_CONTENT
        return textAnswer(404, `No fault "${params.id}" is waiting. GET /__mock/faults lists them.`)
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/faults',
      run() {
        faults.clear()
        return NO_CONTENT
      },
    },
  ]
}

import type { Latency } from '../latency/latency.js'
import { jsonAnswer, type ControlRoute } from './control-route.js'

/**
 * The control routes of the mock's latency: `GET /__mock/latency` answers the
 * settings in force, `POST /__mock/latency` replaces them with
 * `{ default?, perOperation?, jitter? }` (whole milliseconds, 400 naming what
 * to fix otherwise), `DELETE /__mock/latency` goes back to those the mock
 * was started with.
 *
 * @example
 * await fetch(`${baseUrl}/__mock/latency`, { method: 'POST', body: JSON.stringify({ default: 200, jitter: 50 }) })
 */
export function latencyRoutes(latency: Latency): readonly ControlRoute[] {
  return [
    { method: 'GET', path: '/__mock/latency', run: () => jsonAnswer(200, latency.settings()) },
    { method: 'POST', path: '/__mock/latency', run: ({ body }) => jsonAnswer(200, latency.set(body ?? {})) },
    {
      method: 'DELETE',
      path: '/__mock/latency',
      run() {
        latency.reset()
        return jsonAnswer(200, latency.settings())
      },
    },
  ]
}

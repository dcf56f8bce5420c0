import type { ControllableClock } from '../../store/clock-and-ids/controllable-clock.js'
import { bodyField } from './body-field.js'
import { jsonAnswer, type ControlRoute } from './control-route.js'

/**
 * The mock's clock: read, frozen, set, advanced, resumed and reset; each answers the clock's state.
 *
 * @example
 * const routes = clockRoutes(service.clock)
 */
export function clockRoutes(clock: ControllableClock): ControlRoute[] {
  const route = (path: string, change: (body: unknown) => void): ControlRoute => ({
    method: 'POST',
    path,
    run({ body }) {
      change(body)
      return jsonAnswer(200, clock.state())
    },
  })
  return [
    { method: 'GET', path: '/__mock/clock', run: () => jsonAnswer(200, clock.state()) },
    route('/__mock/clock/freeze', (body) => {
      const at = bodyField(body, 'at')
      clock.freeze(at === undefined ? undefined : (at as string))
    }),
    route('/__mock/clock/set', (body) => clock.set(bodyField(body, 'at') as string)),
    route('/__mock/clock/advance', (body) => clock.advance(bodyField(body, 'ms') as number)),
    route('/__mock/clock/resume', () => clock.resume()),
    route('/__mock/clock/reset', () => clock.reset()),
  ]
}

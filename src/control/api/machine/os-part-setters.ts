import { deviceInput, readDevice, setDevice } from '../../../domain/machine/os-parts/device-part.js'
import { opensInput, readOpens, setOpens } from '../../../domain/machine/os-parts/opens-part.js'
import {
  patternEngineInput,
  readPatternEngine,
  setPatternEngine,
} from '../../../domain/machine/os-parts/pattern-engine-part.js'
import type { Store } from '../../../store/create-store.js'
import { jsonAnswer, type ControlRoute } from '../control-route.js'
import { setPart } from './part-setter.js'

/**
 * The control routes that read and set the OS parts without a setter of
 * their own elsewhere: `GET`/`POST /__mock/machine/pattern-engine` (the
 * calibrations), `/__mock/machine/opens` (URL and file opens and
 * notifications recorded) and `/__mock/machine/device` (memory
 * optimizations, nano models prepared, linked providers). A `POST` answers
 * the part's new state, or 400 naming the field with nothing changed.
 *
 * @example
 * const routes = osPartSetterRoutes(store)
 * // POST /__mock/machine/device { "linkedProviders": ["github"] }
 */
export function osPartSetterRoutes(store: Store): readonly ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/machine/pattern-engine',
      run: () => jsonAnswer(200, readPatternEngine(store)),
    },
    {
      method: 'POST',
      path: '/__mock/machine/pattern-engine',
      run: ({ body }) =>
        setPart(store, body, {
          label: 'the pattern engine',
          input: patternEngineInput,
          example: '{ "calibrations": [{ "foreground": "<window>", "captured"?: "<ISO time>" }] } (at most 20)',
          write: setPatternEngine,
        }),
    },
    { method: 'GET', path: '/__mock/machine/opens', run: () => jsonAnswer(200, readOpens(store)) },
    {
      method: 'POST',
      path: '/__mock/machine/opens',
      run: ({ body }) =>
        setPart(store, body, {
          label: 'the opens',
          input: opensInput,
          example:
            '{ "urls"?: [{ "url", "at"? }], "files"?: [{ "path", "at"? }], "notifications"?: [{ "id", "title"?, "message"?, "payload"?, "at"? }] } (at most 100 each; [] clears a list)',
          write: setOpens,
        }),
    },
    { method: 'GET', path: '/__mock/machine/device', run: () => jsonAnswer(200, readDevice(store)) },
    {
      method: 'POST',
      path: '/__mock/machine/device',
      run: ({ body }) =>
        setPart(store, body, {
          label: 'the device',
          input: deviceInput,
          example:
            '{ "memoryOptimizations"?: <0 to 1000000>, "nanoModels"?: { "conversation": true }, "linkedProviders"?: ["github", …] } (at most 16 providers, each once)',
          write: setDevice,
        }),
    },
  ]
}

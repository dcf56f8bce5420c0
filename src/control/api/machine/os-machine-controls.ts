import { readDevice } from '../../../domain/machine/os-parts/device-part.js'
import { fileTreeInput, readFileTree, setFileTree } from '../../../domain/machine/os-parts/file-system-part.js'
import { readOpens } from '../../../domain/machine/os-parts/opens-part.js'
import { readPatternEngine } from '../../../domain/machine/os-parts/pattern-engine-part.js'
import { readSettings, updateSettings } from '../../../domain/machine/os-parts/settings-part.js'
import { readSuggestions } from '../../../domain/machine/os-parts/suggestions-part.js'
import { readConnector } from '../../../domain/machine/os-parts/connector-part.js'
import { readApplets } from '../../../domain/machine/os-parts/applets-part.js'
import { readLongTermMemory } from '../../../domain/machine/os-parts/long-term-memory-part.js'
import { readPermissions } from '../../../domain/machine/os-parts/permissions-part.js'
import { readPickers } from '../../../domain/machine/os-parts/pickers-part.js'
import { readUpdate } from '../../../domain/machine/os-parts/update-part.js'
import { textAnswer } from '../../../execution/answer.js'
import type { Store } from '../../../store/create-store.js'
import { jsonAnswer, type ControlRoute } from '../control-route.js'
import { writtenAnswer } from './part-setter.js'

/**
 * The control routes of the OS's machine parts: read them all
 * (`GET /__mock/machine/os`: settings, device, file tree, opens and
 * notifications, pattern engine, suggestions, connector reports, permissions,
 * update status, scripted pickers, applets, long-term memory), set the
 * settings (`POST /__mock/machine/settings`) and replace the virtual file tree
 * the OS routes read (`POST /__mock/machine/files`, bounded).
 *
 * @example
 * const routes = osMachineControlRoutes(store)
 * // POST /__mock/machine/files { "files": { "/tmp/a.ts": "let a = 1" } }
 */
export function osMachineControlRoutes(store: Store): readonly ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/machine/os',
      run: () =>
        jsonAnswer(200, {
          settings: readSettings(store),
          device: readDevice(store),
          files: readFileTree(store),
          opens: readOpens(store),
          patternEngine: readPatternEngine(store),
          suggestions: readSuggestions(store),
          connector: readConnector(store),
          permissions: readPermissions(store),
          update: readUpdate(store),
          pickers: readPickers(store),
          applets: readApplets(store),
          longTermMemory: readLongTermMemory(store),
        }),
    },
    {
      method: 'POST',
      path: '/__mock/machine/settings',
      run({ body }) {
        const autoboot = (body as { autoboot?: unknown } | null)?.autoboot
        if (typeof autoboot !== 'boolean') {
          return textAnswer(400, 'Failed to set the settings: autoboot is no boolean. Send { "autoboot": true }.')
        }
        return writtenAnswer(() => store.write((tx) => updateSettings(tx, { autoboot })))
      },
    },
    {
      method: 'POST',
      path: '/__mock/machine/files',
      run({ body }) {
        const result = fileTreeInput.safeParse(body)
        if (!result.success) {
          const issue = result.error.issues[0]
          const at = issue?.path.length ? `${issue.path.join('.')}: ` : ''
          return textAnswer(
            400,
            `Failed to set the file tree: ${at}${issue?.message ?? 'bad body'}. Send { "files": { "/abs/path": "text" }, "directories": ["/abs/dir"] }.`,
          )
        }
        return writtenAnswer(() => store.write((tx) => setFileTree(tx, result.data)))
      },
    },
  ]
}

import { z } from 'zod'
import type { InstallerProduct } from '../../../domain/machine/installers/installer-state.js'
import { readInstaller } from '../../../domain/machine/installers/installer-reads.js'
import { writePart } from '../../../domain/machine/machine-part-state.js'
import { MockServiceError } from '../../../errors.js'
import { errorAnswer, textAnswer } from '../../../execution/answer.js'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import { jsonAnswer, type ControlRoute } from '../control-route.js'

const version = () => z.string().min(1).max(64)
const installerInput = lazySchema(() =>
  z
    .object({
      installed: version().nullable().optional(),
      latest: version().optional(),
      failNext: z.string().min(1).max(1000).nullable().optional(),
    })
    .strict(),
)

function setInstaller(store: Store, product: InstallerProduct, path: string): ControlRoute {
  return {
    method: 'POST',
    path,
    async run({ body }) {
      const result = installerInput.safeParse(body)
      if (!result.success) {
        const issue = result.error.issues[0]
        const at = issue?.path.length ? `${issue.path.join('.')}: ` : ''
        return textAnswer(
          400,
          `Failed to set the ${product} installer: ${at}${issue?.message ?? 'bad body'}. Send { "installed"?: <version or null>, "latest"?: <version>, "failNext"?: <a reason or null> }.`,
        )
      }
      try {
        const state = await store.write((tx) => {
          const { installed, latest, failNext } = result.data
          return writePart(tx, product, {
            ...readInstaller(tx, product),
            ...(installed !== undefined && { installed }),
            ...(latest !== undefined && { latest }),
            ...(failNext !== undefined && { failNext }),
          })
        })
        return jsonAnswer(200, state)
      } catch (error) {
        if (error instanceof MockServiceError) return errorAnswer(error)
        throw error
      }
    },
  }
}

/**
 * The control routes of the installers: `GET /__mock/machine/installers`
 * answers Ollama's and Foundry's state (installed version, latest version,
 * deployments, scripted failure), and `POST /__mock/machine/installers/ollama`
 * (or `/foundry`) sets what is installed, the latest version, or the reason
 * the next install, update or uninstall fails with at 100 %.
 *
 * @example
 * await fetch(`${baseUrl}/__mock/machine/installers/ollama`, { method: 'POST', body: JSON.stringify({ failNext: 'disk full' }) })
 */
export function installersControlRoutes(store: Store): readonly ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/machine/installers',
      run: () => jsonAnswer(200, { ollama: readInstaller(store, 'ollama'), foundry: readInstaller(store, 'foundry') }),
    },
    setInstaller(store, 'ollama', '/__mock/machine/installers/ollama'),
    setInstaller(store, 'foundry', '/__mock/machine/installers/foundry'),
  ]
}

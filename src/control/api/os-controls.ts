import { z } from 'zod'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { clientEnumValues } from '../../store/schemas/client-enums.generated.js'
import type { OsState } from '../../domain/machine/os-state.js'
import type { UpdateState } from '../../domain/machine/os-parts/update-part.js'
import { MAX_PICKED_PATHS, MAX_PICKER_ANSWERS, type PickerKind } from '../../domain/machine/os-parts/pickers-part.js'
import { MockServiceError } from '../../errors.js'
import { errorAnswer, textAnswer } from '../../execution/answer.js'
import { jsonAnswer, type ControlRoute } from './control-route.js'

const updateStateInput = lazySchema(() =>
  z
    .object({
      status: z.enum(clientEnumValues.UpdatingStatusEnum),
      percentage: z.number().min(0).max(100).optional(),
    })
    .strict(),
)
const pickedPathsInput = lazySchema(() => z.array(z.string().min(1).max(4096)).max(MAX_PICKED_PATHS))
const permissionsInput = lazySchema(() =>
  z.object({ vision: z.boolean().optional(), accessibility: z.boolean().optional() }).strict(),
)
const pickerInput = lazySchema(() => z.array(pickedPathsInput).max(MAX_PICKER_ANSWERS))

/** The OS state a test reads from `GET /__mock/os`. */
function osView(os: OsState) {
  return {
    permissions: os.permissions(),
    update: os.update(),
    pickers: os.pickerAnswers(),
    applets: os.launchedApplets(),
    running: os.runningApplets(),
    restarts: os.restarts(),
  }
}

/** A body checked against a schema, or the 400 answer naming what is wrong. */
function checked<S extends z.ZodType>(schema: S, body: unknown, doing: string, send: string) {
  const result = schema.safeParse(body)
  if (result.success) return { value: result.data as z.output<S> }
  const issue = result.error.issues[0]
  const at = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  return { answer: textAnswer(400, `Failed to ${doing}: ${at}${issue?.message ?? 'bad body'}. Send ${send}.`) }
}

function pickerRoute(os: OsState, kind: PickerKind): ControlRoute {
  return {
    method: 'POST',
    path: kind === 'files' ? '/__mock/os/pickers/files' : '/__mock/os/pickers/folders',
    async run({ body }) {
      const input = checked(
        pickerInput,
        body,
        `script the ${kind} picker`,
        'an array of answers, each an array of paths',
      )
      if (!input.value) return input.answer
      try {
        return jsonAnswer(201, { pending: await os.scriptPicker(kind, input.value) })
      } catch (error) {
        // Past the store's budget: 507, as for every write of a machine part.
        if (error instanceof MockServiceError) return errorAnswer(error)
        return textAnswer(400, (error as Error).message)
      }
    },
  }
}

/**
 * The control routes of the OS's own state: read it (`GET /__mock/os`), set
 * what the update check answers, grant or withdraw permissions, and script
 * what the file and folder pickers answer next (each its machine part:
 * `osUpdate`, `permissions`, `pickers`).
 *
 * @example
 * const routes = osControlRoutes(service.os)
 * // POST /__mock/os/update { "status": "AVAILABLE" }
 */
export function osControlRoutes(os: OsState): readonly ControlRoute[] {
  return [
    { method: 'GET', path: '/__mock/os', run: () => jsonAnswer(200, osView(os)) },
    {
      method: 'POST',
      path: '/__mock/os/update',
      async run({ body }) {
        const input = checked(
          updateStateInput,
          body,
          'set the update status',
          '{ "status": "AVAILABLE", "percentage"?: 0-100 }',
        )
        if (!input.value) return input.answer
        return jsonAnswer(200, await os.setUpdate(input.value as UpdateState))
      },
    },
    {
      method: 'POST',
      path: '/__mock/os/permissions',
      async run({ body }) {
        const input = checked(
          permissionsInput,
          body,
          'set the permissions',
          '{ "vision"?: boolean, "accessibility"?: boolean }',
        )
        if (!input.value) return input.answer
        return jsonAnswer(200, await os.setPermissions(input.value))
      },
    },
    pickerRoute(os, 'files'),
    pickerRoute(os, 'folders'),
  ]
}

import { z } from 'zod'
import { readBackups } from '../../../domain/machine/backups/backup-reads.js'
import { BACKUPS_PART } from '../../../domain/machine/backups/backup-state.js'
import { writePart } from '../../../domain/machine/machine-part-state.js'
import { MockServiceError } from '../../../errors.js'
import { errorAnswer, textAnswer } from '../../../execution/answer.js'
import type { Store } from '../../../store/create-store.js'
import { lazySchema } from '../../../store/schemas/lazy-schema.js'
import { jsonAnswer, type ControlRoute } from '../control-route.js'

const backupsInput = lazySchema(() => z.object({ failNext: z.string().min(1).max(1000).nullable() }).strict())

/**
 * The control routes of the backups: `GET /__mock/machine/backups` answers
 * the backups part (each backup's creation and restoration, the deleted ids,
 * the scripted failure; not the snapshots), and `POST /__mock/machine/backups`
 * with `{ "failNext": "<reason>" }` makes the next creation or restoration
 * fail at 100 % (`null` takes it back).
 *
 * @example
 * await fetch(`${baseUrl}/__mock/machine/backups`, { method: 'POST', body: JSON.stringify({ failNext: 'disk full' }) })
 */
export function backupsControlRoutes(store: Store): readonly ControlRoute[] {
  return [
    { method: 'GET', path: '/__mock/machine/backups', run: () => jsonAnswer(200, readBackups(store)) },
    {
      method: 'POST',
      path: '/__mock/machine/backups',
      async run({ body }) {
        const result = backupsInput.safeParse(body)
        if (!result.success) {
          return textAnswer(
            400,
            'Failed to set the backups: the body is not { "failNext": <a reason or null> }. Send { "failNext": "disk full" } to make the next creation or restoration fail.',
          )
        }
        try {
          const state = await store.write((tx) =>
            writePart(tx, BACKUPS_PART, { ...readBackups(tx), failNext: result.data.failNext }),
          )
          return jsonAnswer(200, state)
        } catch (error) {
          if (error instanceof MockServiceError) return errorAnswer(error)
          throw error
        }
      },
    },
  ]
}

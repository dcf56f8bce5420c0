import { textAnswer } from '../../execution/answer.js'
import type { Store } from '../../store/create-store.js'
import type { ControllableClock } from '../../store/clock-and-ids/controllable-clock.js'
import { bodyField } from './body-field.js'
import { clockRoutes } from './clock-routes.js'
import { jsonAnswer, NO_CONTENT, type ControlRoute } from './control-route.js'
import { copilotRoutes } from './copilot-routes.js'
import type { CopilotReplies } from '../faults/copilot-replies.js'
import type { Faults } from '../faults/faults.js'
import { faultRoutes } from './fault-routes.js'
import type { Inspection } from '../inspection/inspection.js'
import { inspectorRoutes } from './inspector-routes.js'
import { osMachineControlRoutes } from './machine/os-machine-controls.js'
import { accountsControlRoutes } from './machine/accounts-controls.js'
import { osPartSetterRoutes } from './machine/os-part-setters.js'
import type { Journal } from '../journal/journal.js'
import type { OperationName } from '../../routes/operation-names.js'
import { isScenarioName, SCENARIOS, type ScenarioName } from '../../seeding/scenarios.js'

export type { ControlRoute } from './control-route.js'

/** The parts of the service the control API steers. */
export interface ControlTarget {
  readonly store: Store
  readonly journal: Journal
  readonly faults: Faults
  readonly copilot: CopilotReplies
  readonly clock: ControllableClock
  readonly inspection: Inspection
  removeAsset(id: string): Promise<void>
  reset(): Promise<void>
  useScenario(name: ScenarioName): Promise<void>
}

/**
 * The control API over HTTP — reset, snapshots, journal, faults, scenarios,
 * the clock, and what the inspector reads — for tests that run against the
 * mock from another process or page. Every runtime serves it beside the
 * service's routes.
 *
 * @example
 * const routes = controlRoutes(service)
 */
export function controlRoutes(target: ControlTarget): readonly ControlRoute[] {
  return [
    ...lifecycleRoutes(target),
    ...snapshotRoutes(target.inspection),
    ...journalRoutes(target.journal),
    ...faultRoutes(target.faults),
    ...copilotRoutes(target.copilot),
    ...clockRoutes(target.clock),
    ...inspectorRoutes(target.inspection),
    ...osMachineControlRoutes(target.store),
    ...accountsControlRoutes(target.store),
    ...osPartSetterRoutes(target.store),
  ]
}

/** Reset, scenarios, an asset deleted behind the client's back, and verify. */
function lifecycleRoutes(target: ControlTarget): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/__mock/reset',
      async run() {
        await target.reset()
        return NO_CONTENT
      },
    },
    {
      method: 'POST',
      path: '/__mock/scenarios/:name',
      async run({ params }) {
        const name = params.name ?? ''
        if (!isScenarioName(name)) return textAnswer(404, `No scenario "${name}". Use ${SCENARIOS.join(', ')}.`)
        await target.useScenario(name)
        return NO_CONTENT
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/assets/:asset',
      async run({ params }) {
        const id = params.asset ?? ''
        if (!target.store.get('asset', id)) {
          const why = target.store.isGone('asset', id) ? 'is already gone' : 'is not in the store'
          return textAnswer(404, `The asset "${id}" ${why}. GET /__mock/records/asset lists the assets.`)
        }
        await target.removeAsset(id)
        return NO_CONTENT
      },
    },
    {
      method: 'POST',
      path: '/__mock/verify',
      run: ({ body }) => jsonAnswer(200, target.inspection.verify(body as never)),
    },
  ]
}

/** Snapshots taken, listed, restored, compared with the store and deleted by id. */
function snapshotRoutes(inspection: Inspection): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/__mock/snapshots',
      run: ({ body }) => jsonAnswer(201, inspection.snapshots.take(bodyField(body, 'name') as string | undefined)),
    },
    {
      method: 'GET',
      path: '/__mock/snapshots',
      run: () => jsonAnswer(200, { snapshots: inspection.snapshots.list() }),
    },
    {
      method: 'POST',
      path: '/__mock/snapshots/:id/restore',
      async run({ params }) {
        if (await inspection.snapshots.restore(params.id ?? '')) return NO_CONTENT
        return textAnswer(404, `No snapshot "${params.id}" is kept. Take one with POST /__mock/snapshots.`)
      },
    },
    {
      method: 'GET',
      path: '/__mock/snapshots/:id/diff',
      run({ params, query }) {
        const against = query.get('against') ?? undefined
        const diff = inspection.diff(params.id ?? '', against)
        if (diff) return jsonAnswer(200, diff)
        const missing = inspection.snapshots.get(params.id ?? '') ? against : params.id
        return textAnswer(404, `No snapshot "${missing}" is kept. GET /__mock/snapshots lists them.`)
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/snapshots/:id',
      run({ params }) {
        if (inspection.snapshots.delete(params.id ?? '')) return NO_CONTENT
        return textAnswer(404, `No snapshot "${params.id}" is kept. GET /__mock/snapshots lists them.`)
      },
    },
  ]
}

/** The journal, read whole or by operation, emptied, and kept across resets or not. */
function journalRoutes(journal: Journal): ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/journal/preserve',
      run: () => jsonAnswer(200, { preserve: journal.preserved }),
    },
    {
      method: 'POST',
      path: '/__mock/journal/preserve',
      run({ body }) {
        const preserve = (body as { preserve?: unknown } | undefined)?.preserve
        if (typeof preserve !== 'boolean')
          return textAnswer(
            400,
            'Failed to set whether a reset keeps the journal: "preserve" is not true or false. Send { "preserve": true } or { "preserve": false }.',
          )
        journal.preserved = preserve
        return jsonAnswer(200, { preserve })
      },
    },
    {
      method: 'GET',
      path: '/__mock/journal',
      run({ query }) {
        const operation = query.get('operation')
        const requests = operation ? journal.byOperation(operation as OperationName) : journal.entries
        return jsonAnswer(200, { requests, dropped: journal.dropped })
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/journal',
      run() {
        journal.clear()
        return NO_CONTENT
      },
    },
  ]
}

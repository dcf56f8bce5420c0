import { invariant } from 'outvariant'
import { textAnswer, type Answer } from '../execution/answer.js'
import type { StoreSnapshot } from '../store/create-store.js'
import type { Faults } from './faults.js'
import type { Journal } from './journal.js'
import { isScenarioName, SCENARIOS, type ScenarioName } from './scenarios.js'

/** What a control request carries once routed. */
interface ControlRequest {
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The parsed JSON body, or undefined. */
  readonly body: unknown
}

/** One route of the control API. */
export interface ControlRoute {
  readonly method: 'GET' | 'POST' | 'DELETE'
  readonly path: string
  run(request: ControlRequest): Answer | Promise<Answer>
}

/** The parts of the service the control API steers. */
export interface ControlTarget {
  readonly journal: Journal
  readonly faults: Faults
  reset(): Promise<void>
  snapshot(): StoreSnapshot
  restore(snapshot: StoreSnapshot): Promise<void>
  useScenario(name: ScenarioName): Promise<void>
}

const NO_CONTENT: Answer = { status: 204 }
const jsonAnswer = (status: number, value: unknown): Answer => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(value),
})

/**
 * The control API over HTTP — reset, snapshots, journal, faults and
 * scenarios — for tests that run against the mock from another process or
 * page. Every runtime serves it beside the service's routes.
 *
 * @example
 * const routes = controlRoutes(service)
 */
export function controlRoutes(target: ControlTarget): readonly ControlRoute[] {
  const snapshots = new Map<string, StoreSnapshot>()
  let counter = 0
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
      path: '/__mock/snapshots',
      run() {
        const id = `snapshot-${++counter}`
        snapshots.set(id, target.snapshot())
        return jsonAnswer(201, { id })
      },
    },
    {
      method: 'POST',
      path: '/__mock/snapshots/:id/restore',
      async run({ params }) {
        const snapshot = snapshots.get(params.id ?? '')
        if (!snapshot) return textAnswer(404, `No snapshot "${params.id}". Take one with POST /__mock/snapshots.`)
        await target.restore(snapshot)
        return NO_CONTENT
      },
    },
    {
      method: 'GET',
      path: '/__mock/journal',
      run({ query }) {
        const operation = query.get('operation')
        const requests = operation ? target.journal.byOperation(operation) : target.journal.entries
        return jsonAnswer(200, { requests, dropped: target.journal.dropped })
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/journal',
      run() {
        target.journal.clear()
        return NO_CONTENT
      },
    },
    {
      method: 'POST',
      path: '/__mock/faults',
      run({ body }) {
        invariant(
          typeof body === 'object' && body !== null,
          'Failed to add a fault: the body is not a JSON object. Send { "operation", "status"?, "delayMs"?, "networkError"?, "times"? } or { "stream", … }.',
        )
        const fault = 'stream' in body ? target.faults.addStream(body as never) : target.faults.add(body as never)
        return jsonAnswer(201, { id: fault.id })
      },
    },
    {
      method: 'GET',
      path: '/__mock/faults',
      run: () => jsonAnswer(200, { faults: target.faults.list() }),
    },
    {
      method: 'DELETE',
      path: '/__mock/faults',
      run() {
        target.faults.clear()
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
  ]
}

import { createInspection, type Inspection } from '../control/inspection/inspection.js'
import { createNamedSnapshots } from '../control/inspection/named-snapshots.js'
import type { ControlBudget } from '../control/budget/control-budget.js'
import type { Operation } from '../operations/define/define-operation.js'
import type { WireRenderer } from '../wire/wire-renderer.js'
import type { MockService } from './mock-service.js'

/** What the inspection of a service reads. */
interface InspectionParts extends Omit<
  Parameters<typeof createInspection>[0],
  'scenario' | 'snapshots' | 'render' | 'replaceState'
> {
  readonly operations: readonly Operation[]
  readonly renderer: WireRenderer
  readonly scenarios: { readonly current: MockService['scenario'] }
  /** What its snapshots kept by id count against. */
  readonly controlBudget: ControlBudget
}

/**
 * The inspection of a service, with its snapshots kept by id and records rendered at the mock's time.
 *
 * @example
 * const inspection = serviceInspection({ store, journal, faults, hub, clock, operations, renderer, resolveOperation, scenarios, sessionFrames, controlBudget })
 */
export function serviceInspection({ renderer, scenarios, controlBudget, ...parts }: InspectionParts): Inspection {
  const { store, clock } = parts
  return createInspection({
    ...parts,
    get scenario() {
      return scenarios.current
    },
    snapshots: createNamedSnapshots(
      {
        snapshot: () => store.snapshot(),
        restore: (snapshot) => store.replaceAll(snapshot.records, snapshot.gone),
        now: () => clock.now(),
      },
      { budget: controlBudget },
    ),
    render: (kind, record) =>
      renderer.answer({ now: clock.now(), transferables: true, keep: false }).render(kind, record),
    replaceState: (snapshot) => store.replaceAll(snapshot.records, snapshot.gone),
  })
}

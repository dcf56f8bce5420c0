import type { RecordKind, RecordOf } from '../schemas/schemas.js'
import type { StoreCore } from '../store-core.js'
import { notifyListeners, type RecordChange } from '../store-event.js'

/**
 * Takes back committed writes, given their changes newest first: each record
 * goes back to its `previous` state. Listeners hear it as a write.
 */
export function undoChanges(core: StoreCore, changes: readonly RecordChange[]): void {
  const { state, budget } = core
  const undone: RecordChange[] = []
  let freed = 0
  for (const { kind, id, previous } of changes) {
    const byId: Map<string, RecordOf<RecordKind>> = state.index[kind]
    const current = byId.get(id)
    if (previous) byId.set(id, previous)
    else byId.delete(id)
    if (current) state.sizes.delete(current)
    state.referrers.replace(kind, current, previous)
    if (!current && state.tombstones[kind].delete(id)) freed += budget.tombstoneOf(id)
    freed += (current ? budget.sizeOf(current) : 0) - (previous ? budget.sizeOf(previous) : 0)
    core.versions[kind]++
    undone.push(
      previous
        ? { kind, id, type: current ? 'updated' : 'created', ...(current && { previous: current }) }
        : { kind, id, type: 'deleted', ...(current && { previous: current }) },
    )
  }
  state.bytes -= freed
  budget.charge(-freed)
  notifyListeners(core.listeners, { type: 'write', changes: undone })
}

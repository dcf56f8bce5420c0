import type { MachinePartRecord } from '../../store/schemas/schemas.js'

/** What a machine part shows outside its own operations: its name, its state and when it last changed. */
export interface MachinePartView {
  readonly id: string
  readonly updated: string
  readonly state: Readonly<Record<string, unknown>>
}

/**
 * A machine part as the control plane and the inspector show it (no client
 * model answers with a part whole; each part's operations answer their own).
 *
 * @example
 * buildMachinePart({ id: 'settings', created: t, updated: t, state: { theme: 'DARK' } })
 */
export function buildMachinePart(record: MachinePartRecord): MachinePartView {
  return { id: record.id, updated: record.updated, state: record.state }
}

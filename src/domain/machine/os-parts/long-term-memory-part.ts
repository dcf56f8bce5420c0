import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds whether long-term memory (the vision processor) is on. */
const LONG_TERM_MEMORY_PART = 'longTermMemory'

/** A kept range: `from`/`to` as ISO texts. */
export interface TemporalRange {
  readonly from?: string
  readonly to?: string
  readonly continuous?: boolean
}

/** The vision processor's state: on (with its activation range) or off (with its deactivation range). */
export interface VisionState {
  readonly activation?: TemporalRange
  readonly deactivation?: TemporalRange
}

/** Off until activated, as a fresh install of the service is. */
const OFF: VisionState = Object.freeze({ deactivation: Object.freeze({ continuous: true }) })

const INITIAL = Object.freeze({ vision: OFF })

/**
 * Long-term memory's state now: on with its activation range, or off with its deactivation range.
 *
 * @example
 * readLongTermMemory(store) // { deactivation: { continuous: true } } on a fresh mock
 */
export function readLongTermMemory(store: Store | Transaction): VisionState {
  return readPart<{ readonly vision: VisionState }>(store, LONG_TERM_MEMORY_PART, INITIAL).vision
}

/**
 * Stages long-term memory switched on or off in a write (the whole state:
 * an activation, or a deactivation).
 *
 * @example
 * await store.write((tx) => switchLongTermMemory(tx, { activation: { continuous: true } }))
 */
export function switchLongTermMemory(tx: Transaction, state: VisionState): VisionState {
  return writePart(tx, LONG_TERM_MEMORY_PART, { vision: state }).vision
}

import { invariant } from 'outvariant'
import { MockServiceError } from '../../errors.js'
import type { StoreBudget } from '../../store/store-budget.js'
import { createJournalPool, type JournalPool } from '../journal/journal-pool.js'

/** What the control plane may hold by default: 512 MiB, a quarter of it the journals'. */
const DEFAULT_MAX_CONTROL_BYTES = 512 * 1024 * 1024

/** The part of the budget the journals share: they let go of their oldest entries within it. */
const JOURNAL_SHARE = 4

/** What a holder of bytes needs of a budget: refuse a write past it, count what is kept or let go. */
export type ByteBudget = Pick<StoreBudget, 'admit' | 'charge'>

/**
 * The bytes the control plane of one mock, or of several sharing it (the
 * standalone server's default mock and its sessions), may hold: a quarter
 * for the journals and their response copies (`journals`), which let go of
 * their oldest entries to stay within it; the rest for faults and their
 * bodies, scripted copilot replies and file pickers, and snapshots kept by
 * id, which are refused (STORE_FULL, 507) past it.
 */
export interface ControlBudget extends ByteBudget {
  /** The whole budget (`maxControlBytes`): the journals' part and the rest. */
  readonly max: number
  /** The bytes faults, scripted replies and snapshots hold now. */
  used(): number
  /** The journals' part, shared by the journals of every mock on this budget. */
  readonly journals: JournalPool
}

/**
 * Creates the control plane's budget.
 *
 * @example
 * const budget = createControlBudget(64 * 1024 * 1024)
 * budget.admit(bytes) // throws STORE_FULL past the 48 MiB not kept for journals
 * budget.charge(bytes)
 */
export function createControlBudget(max: number = DEFAULT_MAX_CONTROL_BYTES): ControlBudget {
  invariant(
    Number.isSafeInteger(max) && max > 0,
    'Failed to create the control budget: maxControlBytes %s is not a whole number of bytes above 0. Pass one such as %s (512 MiB).',
    max,
    DEFAULT_MAX_CONTROL_BYTES,
  )
  const journals = createJournalPool(Math.floor(max / JOURNAL_SHARE))
  const most = max - journals.max
  let used = 0
  return {
    max,
    journals,
    used: () => used,
    admit(added) {
      if (added <= 0 || used + added <= most) return
      throw new MockServiceError(
        'STORE_FULL',
        `The control plane is full: this needs ${added} more bytes, and the faults, scripted replies and snapshots of every session hold ${used} of the ${most} bytes of its ${max}-byte budget (maxControlBytes) not kept for journals. Remove faults or snapshots or reset the mock, or start it with a larger maxControlBytes (--max-control-bytes on the command line).`,
      )
    },
    charge(bytes) {
      used += bytes
    },
  }
}

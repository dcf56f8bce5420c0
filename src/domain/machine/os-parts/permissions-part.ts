import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds what the machine grants the service. */
const PERMISSIONS_PART = 'permissions'

/** The machine permissions the service reports (OSProcessingPermissions). */
export interface Permissions {
  readonly [key: string]: unknown
  readonly vision: boolean
  readonly accessibility: boolean
}

/** What a fresh install is granted: both. */
const DEFAULT_PERMISSIONS: Permissions = Object.freeze({ vision: true, accessibility: true })

/**
 * The permissions the machine grants the service now.
 *
 * @example
 * readPermissions(store).vision // true
 */
export function readPermissions(store: Store | Transaction): Permissions {
  return readPart(store, PERMISSIONS_PART, DEFAULT_PERMISSIONS)
}

/**
 * Stages a grant or withdrawal in a write: the permissions named take the
 * value given, the others stay. Answers the permissions as they will be.
 *
 * @example
 * await store.write((tx) => setPermissions(tx, { vision: false }))
 */
export function setPermissions(
  tx: Transaction,
  change: { readonly vision?: boolean | undefined; readonly accessibility?: boolean | undefined },
): Permissions {
  const current = readPermissions(tx)
  return writePart(tx, PERMISSIONS_PART, {
    vision: change.vision ?? current.vision,
    accessibility: change.accessibility ?? current.accessibility,
  })
}

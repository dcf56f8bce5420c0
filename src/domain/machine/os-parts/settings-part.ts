import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds the service's settings. */
const SETTINGS_PART = 'settings'

/** The service's settings (the client's OSServerSettings, without its schema). */
export interface Settings {
  readonly [key: string]: unknown
  /** Whether the service starts when the user signs in to the machine. */
  readonly autoboot: boolean
}

/** The settings of a fresh install: the service starts with the machine. */
const DEFAULT_SETTINGS: Settings = Object.freeze({ autoboot: true })

/**
 * The service's settings as they are now.
 *
 * @example
 * readSettings(store).autoboot // true
 */
export function readSettings(store: Store | Transaction): Settings {
  return readPart(store, SETTINGS_PART, DEFAULT_SETTINGS)
}

/**
 * Stages a change of the settings in a write: the fields sent replace theirs,
 * the others stay. Answers the settings as they will be.
 *
 * @example
 * await store.write((tx) => updateSettings(tx, { autoboot: false }))
 */
export function updateSettings(tx: Transaction, change: { readonly autoboot?: boolean | undefined }): Settings {
  const current = readSettings(tx)
  return writePart(tx, SETTINGS_PART, {
    ...current,
    ...(change.autoboot !== undefined && { autoboot: change.autoboot }),
  })
}

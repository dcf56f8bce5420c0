import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that counts what integrations report (`/{application}/track`, `/{application}/reaction`). */
const CONNECTOR_PART = 'connector'

/** What integrations reported since the last reset, counted by application id. */
export interface ConnectorState {
  readonly [key: string]: unknown
  readonly tracked: Readonly<Record<string, number>>
  readonly reactions: Readonly<Record<string, number>>
}

const INITIAL: ConnectorState = Object.freeze({ tracked: {}, reactions: {} })

/**
 * What integrations reported since the last reset.
 *
 * @example
 * readConnector(store).tracked // { 'app-1': 2 }
 */
export function readConnector(store: Store | Transaction): ConnectorState {
  return readPart(store, CONNECTOR_PART, INITIAL)
}

/**
 * Stages one more report of an application (a tracked event or a reaction);
 * answers how many of that sort it has made. Counted per stored application,
 * so the part stays as small as the applications.
 *
 * @example
 * await store.write((tx) => countReport(tx, 'tracked', applicationId)) // 1
 */
export function countReport(tx: Transaction, sort: 'tracked' | 'reactions', application: string): number {
  const current = readConnector(tx)
  const count = (current[sort][application] ?? 0) + 1
  writePart(tx, CONNECTOR_PART, { ...current, [sort]: { ...current[sort], [application]: count } })
  return count
}

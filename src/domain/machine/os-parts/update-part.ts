import type { UpdatingStatusEnum } from '@pieces.app/pieces-os-client/dist/models/UpdatingStatusEnum.js'
import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds what `POST /os/update/check` answers. */
const UPDATE_PART = 'osUpdate'

/** What the OS says about its own update, as `POST /os/update/check` answers it (OSServerUpdateStatus). */
export interface UpdateState {
  readonly [key: string]: unknown
  readonly status: UpdatingStatusEnum
  /** How far a download has come, 0 to 100; only with `DOWNLOADING`. */
  readonly percentage?: number
}

/** A fresh install is up to date. */
const DEFAULT_UPDATE: UpdateState = Object.freeze({ status: 'UP_TO_DATE' })

/**
 * The service's update status now.
 *
 * @example
 * readUpdate(store).status // 'UP_TO_DATE'
 */
export function readUpdate(store: Store | Transaction): UpdateState {
  const { status, percentage } = readPart(store, UPDATE_PART, DEFAULT_UPDATE)
  return { status, ...(percentage !== undefined && { percentage }) }
}

/**
 * Stages the update status the OS reports next in a write (the whole status:
 * a percentage not sent is gone).
 *
 * @example
 * await store.write((tx) => setUpdate(tx, { status: 'DOWNLOADING', percentage: 40 }))
 */
export function setUpdate(tx: Transaction, update: UpdateState): UpdateState {
  const { status, percentage } = update
  return writePart(tx, UPDATE_PART, { status, ...(percentage !== undefined && { percentage }) })
}

import type { OSAppletEnum } from '@pieces.app/pieces-os-client/dist/models/OSAppletEnum.js'
import type { Store } from '../../../store/create-store.js'
import type { Transaction } from '../../../store/transaction/transaction.js'
import { clientEnumValues } from '../../../store/schemas/client-enums.generated.js'
import { readPart, writePart } from '../machine-part-state.js'

/** The machine part that holds the applets launched and the ports they answer on. */
export const APPLETS_PART = 'applets'

/** An applet the service can launch (the client's OSAppletEnum). */
export type AppletType = OSAppletEnum

/** The applets launched since the last reset, and those running now with their ports. */
export interface Applets {
  readonly [key: string]: unknown
  /** Each type launched since the last reset, once, in the order first launched. */
  readonly launched: readonly AppletType[]
  /** The applets running (launched, not terminated since), each with the port it answers on. */
  readonly running: Readonly<Partial<Record<AppletType, number>>>
}

/** The first port applets are answered on; each applet type has its own after it. */
const APPLET_BASE_PORT = 39400

const APPLET_TYPES: readonly AppletType[] = clientEnumValues.OSAppletEnum

const INITIAL: Applets = Object.freeze({ launched: [], running: Object.freeze({}) })

/**
 * The applets launched and running now.
 *
 * @example
 * readApplets(store).running.COPILOT // 39401 once launched
 */
export function readApplets(store: Store | Transaction): Applets {
  return readPart(store, APPLETS_PART, INITIAL)
}

/**
 * The port an applet answers on when launched: the one it runs on, else its
 * type's own port, the same every time.
 *
 * @example
 * appletPort(readApplets(store), 'COPILOT') // 39401
 */
export function appletPort(applets: Applets, type: AppletType): number {
  return applets.running[type] ?? APPLET_BASE_PORT + APPLET_TYPES.indexOf(type)
}

/**
 * Stages an applet launched on `port` in a write.
 *
 * @example
 * await store.write((tx) => recordLaunch(tx, 'COPILOT', 39401))
 */
export function recordLaunch(tx: Transaction, type: AppletType, port: number): Applets {
  const current = readApplets(tx)
  if (current.running[type] === port && current.launched.includes(type)) return current
  return writePart(tx, APPLETS_PART, {
    launched: current.launched.includes(type) ? current.launched : [...current.launched, type],
    running: { ...current.running, [type]: port },
  })
}

/**
 * Stages applets stopped in a write: those named, or every one. Answers
 * whether one of them was running.
 *
 * @example
 * await store.write((tx) => recordStop(tx, ['COPILOT'])) // true when it ran
 */
export function recordStop(tx: Transaction, types?: readonly AppletType[]): boolean {
  const current = readApplets(tx)
  const stopped = (Object.keys(current.running) as AppletType[]).filter((type) => !types || types.includes(type))
  if (stopped.length === 0) return false
  const running = Object.fromEntries(
    Object.entries(current.running).filter(([type]) => !stopped.includes(type as AppletType)),
  )
  writePart(tx, APPLETS_PART, { ...current, running })
  return true
}

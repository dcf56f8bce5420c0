import type { Store } from '../../store/create-store.js'
import type { StoreBudget } from '../../store/store-budget.js'
import { appletPort, readApplets, recordLaunch, recordStop, type AppletType } from './os-parts/applets-part.js'
import { readPermissions, setPermissions, type Permissions } from './os-parts/permissions-part.js'
import { readPickers, scriptPicker, takePick, type PickerAnswers, type PickerKind } from './os-parts/pickers-part.js'
import { readUpdate, setUpdate, type UpdateState } from './os-parts/update-part.js'
import { createAppletHosting, type AppletHost } from './applet-hosting.js'

/** How the service restarted: `osRestart` or `osTerminate`. */
export type RestartKind = 'restart' | 'terminate'

/** At most this many intentions are kept; the oldest go first. */
const MAX_INTENTIONS = 100

/** What a kept intention counts besides its characters. */
const TEXT_BYTES = 16

/** Where the OS state counts what clients make it keep: refused (STORE_FULL, 507) past the budget. */
type Budget = Pick<StoreBudget, 'admit' | 'charge'>

/** The budgets the OS state counts against besides its machine parts: intentions (a service route). */
export interface OsBudgets {
  /** The store's budget: an intention is kept like a record. */
  readonly intentions?: Budget
}

const UNBOUNDED: Budget = { admit() {}, charge() {} }

/**
 * The OS of one service: permissions, the update status, the file pickers'
 * scripted answers and the applets, each kept in its machine part (reset
 * with the scenario, kept in snapshots and persistence); the applets'
 * listeners, the restarts and the intentions are held here. Every change is
 * one store write: refused, it changes nothing.
 */
export interface OsState {
  permissions(): Permissions
  /** Grants or withdraws the permissions given (what the user does in the OS's dialog). */
  setPermissions(change: Partial<Permissions>): Promise<Permissions>
  update(): UpdateState
  setUpdate(update: UpdateState): Promise<UpdateState>
  /** Queues what the next pickers answer, in order; throws past the bound of waiting answers. */
  scriptPicker(kind: PickerKind, answers: ReadonlyArray<readonly string[]>): Promise<number>
  /** The next scripted answer of a picker, or nothing picked (the dialog dismissed). */
  pick(kind: PickerKind): Promise<readonly string[]>
  /** Scripted answers waiting, per picker. */
  pickerAnswers(): PickerAnswers
  /**
   * Launches an applet and resolves with the port it answers on: its type's
   * own port, the same every time, unless the host serving applets found it
   * taken and gave another; an applet already running keeps its port.
   */
  launchApplet(type: AppletType): Promise<number>
  /** Stops a running applet (`POST /os/applet/terminate`), its port closed once this resolves; whether it was running. */
  terminateApplet(type: AppletType): Promise<boolean>
  /** The applet types launched since the last reset. */
  launchedApplets(): readonly AppletType[]
  /** The applets running now (launched, not terminated since) and the port each answers on. */
  runningApplets(): ReadonlyArray<{ readonly type: AppletType; readonly port: number }>
  /** Has `host` serve the applets running, now and from now on; returns the function that stops it. */
  hostApplets(host: AppletHost): () => void
  /** Restarts (or terminates and starts again) the service: its streams' clients are closed. */
  restart(kind: RestartKind): Promise<void>
  /** How many times the service restarted or terminated since the last reset. */
  restarts(): number
  /** Keeps the text of an intention (`POST /{application}/intention`) for later suggestions; answers its id. */
  intend(text: string): string
  /** Whether an intention with this text was sent (the newest {@link MAX_INTENTIONS} are kept). */
  intended(text: string): boolean
  /** Lets go of the intentions and restarts (the machine parts go back with the scenario's records). */
  reset(): void
}

/**
 * Creates the OS state of one service over its store; `onRestart` is how a
 * restart reaches the streams (the service closes every WebSocket client with
 * code 1012). Intentions count against `budgets.intentions`; the machine
 * parts count against the store's budget like its records.
 *
 * @example
 * const os = createOsState(store, { onRestart: (kind) => hub.disconnectAll(1012, `PiecesOS ${kind}`) })
 * await os.launchApplet('COPILOT') // 39401, every time
 */
export function createOsState(
  store: Store,
  hooks: { onRestart(kind: RestartKind): void },
  budgets: OsBudgets = {},
): OsState {
  const intentions = createIntentions(budgets.intentions ?? UNBOUNDED)
  const hosting = createAppletHosting(store)
  let restarts = 0
  return {
    permissions: () => readPermissions(store),
    setPermissions: (change) => store.write((tx) => setPermissions(tx, change)),
    update: () => readUpdate(store),
    setUpdate: (update) => store.write((tx) => setUpdate(tx, update)),
    scriptPicker: (kind, answers) => store.write((tx) => scriptPicker(tx, kind, answers)),
    pick: (kind) => store.write((tx) => takePick(tx, kind)),
    pickerAnswers: () => readPickers(store),
    async launchApplet(type) {
      const port = await hosting.serve(type, appletPort(readApplets(store), type))
      try {
        await store.write((tx) => recordLaunch(tx, type, port))
      } finally {
        // A launch refused leaves nothing served that the part does not say runs.
        hosting.follow()
      }
      return port
    },
    async terminateApplet(type) {
      const wasRunning = await store.write((tx) => recordStop(tx, [type]))
      await hosting.stopped(type)
      return wasRunning
    },
    launchedApplets: () => readApplets(store).launched,
    runningApplets: () =>
      (Object.entries(readApplets(store).running) as Array<[AppletType, number]>).map(([type, port]) => ({
        type,
        port,
      })),
    hostApplets: (host) => hosting.attach(host),
    async restart(kind) {
      restarts++
      // A terminated service's applets go with it; a restart brings them back.
      if (kind === 'terminate') {
        await store.write((tx) => recordStop(tx))
        await hosting.stoppedAll()
      }
      hooks.onRestart(kind)
    },
    restarts: () => restarts,
    intend: (text) => intentions.intend(text),
    intended: (text) => intentions.intended(text),
    reset() {
      intentions.clear()
      restarts = 0
    },
  }
}

/** The intentions kept, newest {@link MAX_INTENTIONS}, each counted against `budget`. */
function createIntentions(budget: Budget) {
  const kept = new Map<string, string>()
  let count = 0
  let bytes = 0
  return {
    intend(text: string): string {
      const size = text.length + TEXT_BYTES
      const oldest = kept.size >= MAX_INTENTIONS ? kept.entries().next().value : undefined
      const freed = oldest ? oldest[1].length + TEXT_BYTES : 0
      budget.admit(size - freed)
      const id = `intention-${++count}`
      kept.set(id, text)
      if (oldest) kept.delete(oldest[0])
      budget.charge(size - freed)
      bytes += size - freed
      return id
    },
    intended: (text: string) => [...kept.values()].includes(text),
    clear() {
      kept.clear()
      count = 0
      budget.charge(-bytes)
      bytes = 0
    },
  }
}

import type { OSAppletEnum } from '@pieces.app/pieces-os-client/dist/models/OSAppletEnum.js'
import type { UpdatingStatusEnum } from '@pieces.app/pieces-os-client/dist/models/UpdatingStatusEnum.js'
import { clientEnumValues } from '../../store/schemas/client-enums.generated.js'
import type { StoreBudget } from '../../store/store-budget.js'

/** A status of `POST /os/update/check` (the client's UpdatingStatusEnum). */
type UpdateStatus = UpdatingStatusEnum

/** An applet the service can launch (the client's OSAppletEnum). */
export type AppletType = OSAppletEnum

/** What the OS says about itself: its update, as `POST /os/update/check` answers it. */
export interface UpdateState {
  readonly status: UpdateStatus
  /** How far a download has come, 0 to 100; only with `DOWNLOADING`. */
  readonly percentage?: number
}

/** The machine permissions the service reports (OSProcessingPermissions). */
interface Permissions {
  readonly vision: boolean
  readonly accessibility: boolean
}

/** Which file picker an answer is for. */
export type PickerKind = 'files' | 'folders'

/** How the service restarted: `osRestart` or `osTerminate`. */
export type RestartKind = 'restart' | 'terminate'

/** At most this many scripted picker answers wait at once, per picker… */
export const MAX_PICKER_ANSWERS = 100
/** …each of at most this many paths. */
export const MAX_PICKED_PATHS = 1000

/** At most this many intentions are kept; the oldest go first. */
const MAX_INTENTIONS = 100

/** What a kept text (an intention, a picked path, an answer's list) counts besides its characters. */
const TEXT_BYTES = 16

/** Where the OS state counts what clients make it keep: refused (STORE_FULL, 507) past the budget. */
type Budget = Pick<StoreBudget, 'admit' | 'charge'>

/** The budgets the OS state counts against: intentions (a service route) and scripted pickers (the control plane). */
export interface OsBudgets {
  /** The store's budget: an intention is kept like a record. */
  readonly intentions?: Budget
  /** The control plane's budget. */
  readonly pickers?: Budget
}

const UNBOUNDED: Budget = { admit() {}, charge() {} }

/**
 * What serves launched applets on real ports (the standalone server): it
 * answers on the port asked for, or on another free one when that is taken.
 */
export interface AppletHost {
  /** Serves an applet on `port`, or another free port; resolves with the port it answers on. */
  serve(type: AppletType, port: number): Promise<number>
  /** Stops serving every applet (terminate, reset, or the host's own close). */
  stopAll(): void
}

/** The first port applets are answered on; each applet type has its own after it. */
const APPLET_BASE_PORT = 39400

const APPLET_TYPES: readonly AppletType[] = clientEnumValues.OSAppletEnum

/**
 * The state of the OS itself that is no record: permissions, the update
 * status, the file pickers' scripted answers, the applets launched and the
 * restarts. One per service instance; `reset()` brings back the defaults
 * (and stops the applets running).
 */
export interface OsState {
  permissions(): Permissions
  /** Grants or withdraws the permissions given (what the user does in the OS's dialog). */
  setPermissions(change: Partial<Permissions>): Permissions
  update(): UpdateState
  setUpdate(update: UpdateState): void
  /** Hears every change of the update status (the update-check stream); returns the function that stops listening. */
  subscribeUpdate(listener: () => void): () => void
  /** Queues what the next pickers answer, in order; throws past {@link MAX_PICKER_ANSWERS}. */
  scriptPicker(kind: PickerKind, answers: ReadonlyArray<readonly string[]>): number
  /** The next scripted answer of a picker, or nothing picked (the dialog dismissed). */
  pick(kind: PickerKind): readonly string[]
  /** Scripted answers waiting, per picker. */
  pickerAnswers(): Readonly<Record<PickerKind, ReadonlyArray<readonly string[]>>>
  /**
   * Launches an applet and resolves with the port it answers on: its type's
   * own port, the same every time, unless the host serving applets found it
   * taken and gave another; an applet already running keeps its port.
   */
  launchApplet(type: AppletType): Promise<number>
  /** Stops a running applet (`POST /os/applet/terminate`); answers whether it was running. */
  terminateApplet(type: AppletType): boolean
  /** The applet types launched since the last reset. */
  launchedApplets(): readonly AppletType[]
  /** The applets running now (launched, not terminated since) and the port each answers on. */
  runningApplets(): ReadonlyArray<{ readonly type: AppletType; readonly port: number }>
  /** Has `host` serve the applets launched from now on; returns the function that stops it. */
  hostApplets(host: AppletHost): () => void
  /** Restarts (or terminates and starts again) the service: its streams' clients are closed. */
  restart(kind: RestartKind): void
  /** How many times the service restarted or terminated since the last reset. */
  restarts(): number
  /** Keeps the text of an intention (`POST /{application}/intention`) for later suggestions; answers its id. */
  intend(text: string): string
  /** Whether an intention with this text was sent (the newest {@link MAX_INTENTIONS} are kept). */
  intended(text: string): boolean
  /** Back to the defaults: intentions and scripted answers let go, applets stopped. */
  reset(): void
}

const DEFAULT_PERMISSIONS: Permissions = { vision: true, accessibility: true }
const DEFAULT_UPDATE: UpdateState = { status: 'UP_TO_DATE' }

/**
 * Creates the OS state of one service; `onRestart` is how a restart reaches
 * the streams (the service closes every WebSocket client with code 1012).
 * Intentions count against `budgets.intentions` and scripted picker answers
 * against `budgets.pickers`: one that does not fit is refused and nothing is kept.
 *
 * @example
 * const os = createOsState({ onRestart: (kind) => hub.disconnectAll(1012, `PiecesOS ${kind}`) })
 * await os.launchApplet('COPILOT') // 39401, every time
 */
export function createOsState(hooks: { onRestart(kind: RestartKind): void }, budgets: OsBudgets = {}): OsState {
  const intentionBudget = budgets.intentions ?? UNBOUNDED
  const pickerBudget = budgets.pickers ?? UNBOUNDED
  let permissions = DEFAULT_PERMISSIONS
  let update = DEFAULT_UPDATE
  const updateListeners = new Set<() => void>()
  const setUpdate = (next: UpdateState) => {
    if (next === update) return
    update = next
    for (const listener of updateListeners) {
      try {
        listener()
      } catch (error) {
        console.error(error)
      }
    }
  }
  let restarts = 0
  const launched = new Set<AppletType>()
  const running = new Map<AppletType, number>()
  let host: AppletHost | undefined
  const stopApplets = () => {
    running.clear()
    host?.stopAll()
  }
  const intentions = new Map<string, string>()
  let intentionCount = 0
  const answers: Record<PickerKind, Array<readonly string[]>> = { files: [], folders: [] }
  let intentionBytes = 0
  let pickerBytes = 0
  return {
    permissions: () => permissions,
    setPermissions(change) {
      permissions = { ...permissions, ...change }
      return permissions
    },
    update: () => update,
    setUpdate,
    subscribeUpdate(listener) {
      updateListeners.add(listener)
      return () => updateListeners.delete(listener)
    },
    scriptPicker(kind, next) {
      if (answers[kind].length + next.length > MAX_PICKER_ANSWERS) {
        throw new Error(
          `Failed to script the ${kind} picker: ${answers[kind].length + next.length} answers would wait, past the ${MAX_PICKER_ANSWERS} it keeps. Script fewer, or clear them with a reset.`,
        )
      }
      const added = next.reduce((sum, paths) => sum + answerBytes(paths), 0)
      pickerBudget.admit(added)
      answers[kind].push(...next.map((paths) => [...paths]))
      pickerBudget.charge(added)
      pickerBytes += added
      return answers[kind].length
    },
    pick(kind) {
      const picked = answers[kind].shift()
      if (!picked) return []
      pickerBudget.charge(-answerBytes(picked))
      pickerBytes -= answerBytes(picked)
      return picked
    },
    pickerAnswers: () => ({ files: [...answers.files], folders: [...answers.folders] }),
    async launchApplet(type) {
      launched.add(type)
      const port = running.get(type) ?? APPLET_BASE_PORT + APPLET_TYPES.indexOf(type)
      running.set(type, port)
      if (!host) return port
      const served = await host.serve(type, port)
      running.set(type, served)
      return served
    },
    terminateApplet: (type) => running.delete(type),
    launchedApplets: () => [...launched],
    runningApplets: () => [...running].map(([type, port]) => ({ type, port })),
    hostApplets(next) {
      host = next
      return () => {
        if (host === next) host = undefined
        next.stopAll()
      }
    },
    restart(kind) {
      restarts++
      // A terminated service's applets go with it; a restart brings them back.
      if (kind === 'terminate') stopApplets()
      hooks.onRestart(kind)
    },
    restarts: () => restarts,
    intend(text) {
      const size = text.length + TEXT_BYTES
      const oldest = intentions.size >= MAX_INTENTIONS ? intentions.entries().next().value : undefined
      const freed = oldest ? oldest[1].length + TEXT_BYTES : 0
      intentionBudget.admit(size - freed)
      const id = `intention-${++intentionCount}`
      intentions.set(id, text)
      if (oldest) intentions.delete(oldest[0])
      intentionBudget.charge(size - freed)
      intentionBytes += size - freed
      return id
    },
    intended: (text) => [...intentions.values()].includes(text),
    reset() {
      intentions.clear()
      intentionCount = 0
      intentionBudget.charge(-intentionBytes)
      pickerBudget.charge(-pickerBytes)
      intentionBytes = 0
      pickerBytes = 0
      permissions = DEFAULT_PERMISSIONS
      setUpdate(DEFAULT_UPDATE)
      restarts = 0
      launched.clear()
      stopApplets()
      answers.files.length = 0
      answers.folders.length = 0
    },
  }
}

/** What a scripted picker answer counts: its paths' characters, and {@link TEXT_BYTES} for it and each path. */
function answerBytes(paths: readonly string[]): number {
  let bytes = TEXT_BYTES
  for (const path of paths) bytes += path.length + TEXT_BYTES
  return bytes
}

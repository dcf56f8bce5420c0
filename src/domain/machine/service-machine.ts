import type { Store } from '../../store/create-store.js'
import { createPacedJobs, type PacedJobs } from './installers/paced-jobs.js'
import { createModelDownloads, type ModelDownloads } from './model-downloads.js'
import { createOsState, type OsBudgets, type OsState, type RestartKind } from './os-state.js'
import { createVisionProcessor, type VisionProcessor } from './vision-processor.js'

/**
 * What one service holds beside its records, as the machine it runs on does:
 * the OS (permissions, update status, scripted file pickers, applets,
 * restarts), long-term memory on or off, and the model downloads under way.
 */
export interface ServiceMachine {
  readonly os: OsState
  readonly vision: VisionProcessor
  readonly downloads: ModelDownloads
  /** Installs, updates, backups and restorations under way, stepped at the download pace. */
  readonly jobs: PacedJobs
}

/** How a service's machine runs. */
interface ServiceMachineOptions {
  /** Milliseconds between the 10 % steps of a model download. */
  readonly downloadPaceMs?: number
  /** Told of each restart or termination the OS is asked for (the service closes its streams). */
  readonly onRestart?: (kind: RestartKind) => void
  /** What the OS's intentions count against (its machine parts count against the store's budget). */
  readonly budgets?: OsBudgets
}

/**
 * Creates the machine state of one service over its store. The OS's parts
 * and long-term memory are machine parts of the store: a reset or scenario
 * brings back their start, a restored snapshot or persisted state what it
 * held; the OS's intentions and restarts go back to their start on `reset()`.
 *
 * @example
 * const machine = createServiceMachine(store, { downloadPaceMs: 20 })
 */
export function createServiceMachine(store: Store, options: ServiceMachineOptions = {}): ServiceMachine {
  const os = createOsState(store, { onRestart: (kind) => options.onRestart?.(kind) }, options.budgets)
  const vision = createVisionProcessor(store)
  const downloads = createModelDownloads(store, {
    ...(options.downloadPaceMs !== undefined && { paceMs: options.downloadPaceMs }),
  })
  const jobs = createPacedJobs(store, () => downloads.paceMs)
  return { os, vision, downloads, jobs }
}

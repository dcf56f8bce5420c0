import { MockServiceError } from '../../errors.js'
import type { Store } from '../../store/create-store.js'
import type { ModelRecord } from '../../store/schemas/schemas.js'
import { createDownloadListeners } from './download-listeners.js'

/** One ModelDownloadProgress frame: its status and how far the download is. */
interface DownloadProgress {
  readonly status: 'INITIALIZED' | 'IN-PROGRESS' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'RESET'
  readonly percentage: number
}

/** The downloads of one service's local models, and who hears their progress. */
export interface ModelDownloads {
  /** Starts downloading a local model; answers it `downloading`. A cloud or downloaded model is answered as it is. */
  start(id: string): Promise<ModelRecord>
  /** Cancels a download in progress; answers the model, no longer `downloading`. */
  cancel(id: string): Promise<ModelRecord>
  /** The progress of a download under way, or undefined. */
  progress(id: string): DownloadProgress | undefined
  /** Hears one model's progress frames; returns the function that stops listening. */
  listen(id: string, listener: (progress: DownloadProgress) => void): () => void
  /** Milliseconds between two steps of 10 % (0: every step on the next turn of the event loop). */
  paceMs: number
}

/**
 * The default time between two 10 % steps of a model download: 10 steps of
 * 400 ms, so a download takes 4 s, long enough for a person to press a
 * "Cancel download" button while it runs. Tests that want a download over at
 * once set `downloadPaceMs: 0`.
 *
 * @example
 * createMockService({ downloadPaceMs: DEFAULT_DOWNLOAD_PACE_MS / 4 }) // a 1 s download
 */
export const DEFAULT_DOWNLOAD_PACE_MS = 400

/**
 * The longest time between two steps a download may be given (a minute: a 10-minute download).
 *
 * @example
 * paceMs >= 0 && paceMs <= MAX_DOWNLOAD_PACE_MS
 */
export const MAX_DOWNLOAD_PACE_MS = 60_000

/** How the downloads wait between two steps: runs `step` after `ms`, and returns the function that cancels it. */
type Schedule = (step: () => void, ms: number) => () => void

const timerSchedule: Schedule = (step, ms) => {
  const timer = setTimeout(step, ms)
  return () => clearTimeout(timer)
}

/** At most this many downloads run at once… */
const MAX_DOWNLOADS = 4
/** …and this many progress listeners are heard, over every model. */
const MAX_LISTENERS = 256
const STEP = 10

/**
 * Creates the downloads of a store's local models: a download goes from 0 to
 * 100 % in steps of 10 % at `paceMs` ({@link DEFAULT_DOWNLOAD_PACE_MS} unless
 * given), and the model is `downloaded` only when it completes. Cancelling
 * stops it; a model deleted meanwhile fails it; a reload of the store's
 * records (reset, restore, scenario) stops every download with a RESET frame.
 * `schedule` replaces the timers (a test steps the downloads itself).
 *
 * @example
 * const downloads = createModelDownloads(store, { paceMs: 50 })
 * await downloads.start(modelId)
 */
export function createModelDownloads(
  store: Store,
  options: { paceMs?: number; schedule?: Schedule } = {},
): ModelDownloads {
  const schedule = options.schedule ?? timerSchedule
  const running = new Map<string, { percentage: number; cancelStep: (() => void) | undefined }>()
  const { tell, listen } = createDownloadListeners<DownloadProgress>(MAX_LISTENERS)
  const downloads: ModelDownloads = {
    ...{ start, cancel, progress, listen },
    paceMs: options.paceMs ?? DEFAULT_DOWNLOAD_PACE_MS,
  }

  function stop(id: string, status: DownloadProgress['status']): void {
    const download = running.get(id)
    if (!download) return
    download.cancelStep?.()
    running.delete(id)
    tell(id, { status, percentage: download.percentage })
  }
  function step(id: string): void {
    const download = running.get(id)
    if (!download) return
    download.percentage = Math.min(100, download.percentage + STEP)
    if (download.percentage < 100) {
      tell(id, { status: 'IN-PROGRESS', percentage: download.percentage })
      download.cancelStep = schedule(() => step(id), downloads.paceMs)
      return
    }
    download.cancelStep = undefined
    setDownloading(store, id, false, true).then(
      () => stop(id, 'COMPLETED'),
      () => stop(id, 'FAILED'),
    )
  }
  async function start(id: string): Promise<ModelRecord> {
    const model = store.get('model', id)
    if (!model || model.cloud || model.downloaded || running.has(id)) {
      return store.write((tx) => tx.require('model', id))
    }
    if (running.size >= MAX_DOWNLOADS) {
      throw new MockServiceError(
        'SERVER_BUSY',
        `${MAX_DOWNLOADS} models are downloading already. Wait for one to finish, or cancel one (POST /model/{model}/download/cancel).`,
      )
    }
    const started = await setDownloading(store, id, true)
    if (running.has(id)) return started
    running.set(id, { percentage: 0, cancelStep: schedule(() => step(id), downloads.paceMs) })
    tell(id, { status: 'INITIALIZED', percentage: 0 })
    return started
  }
  async function cancel(id: string): Promise<ModelRecord> {
    const model = await store.write((tx) => {
      const found = tx.require('model', id)
      if (!found.downloading) return found
      return tx.update('model', id, (draft) => {
        draft.downloading = false
      })
    })
    stop(id, 'CANCELED')
    return model
  }
  function progress(id: string): DownloadProgress | undefined {
    const download = running.get(id)
    return (
      download && { status: download.percentage === 0 ? 'INITIALIZED' : 'IN-PROGRESS', percentage: download.percentage }
    )
  }
  store.subscribe((event) => {
    if (event.type === 'replace') for (const id of [...running.keys()]) stop(id, 'RESET')
    else
      for (const change of event.changes)
        if (change.kind === 'model' && change.type === 'deleted') stop(change.id, 'FAILED')
  })
  return downloads
}

/** Marks a model downloading or not (and downloaded, when the download completed). */
function setDownloading(store: Store, id: string, downloading: boolean, downloaded?: true): Promise<ModelRecord> {
  return store.write((tx) =>
    tx.update('model', id, (draft) => {
      draft.downloading = downloading
      if (downloaded) draft.downloaded = true
    }),
  )
}

import type { Store } from '../../../store/create-store.js'

/** How the jobs wait between two steps: runs `step` after `ms`, and returns the function that cancels it. */
type Schedule = (step: () => void, ms: number) => () => void

const timerSchedule: Schedule = (step, ms) => {
  const timer = setTimeout(step, ms)
  return () => clearTimeout(timer)
}

/** At most this many jobs (installs, updates, backups, restorations) run at once over a service. */
const MAX_PACED_JOBS = 16

/**
 * Work that advances in steps over time (an install's 10 % steps, a
 * backup's), paced like model downloads: one step every `pace()` ms.
 */
export interface PacedJobs {
  /**
   * Starts a job under `key`: `step` runs after each pace and answers whether
   * the job is over; a step that rejects ends the job too. Answers false when
   * a job already runs under that key or {@link MAX_PACED_JOBS} run.
   */
  start(key: string, step: () => Promise<boolean>): boolean
  /** Stops the job under `key`; answers whether one was running. */
  cancel(key: string): boolean
  /** Whether a job runs under `key`. */
  running(key: string): boolean
}

/**
 * Creates the paced jobs of a store: each job steps every `pace()` ms (read
 * at every step, so a new download pace applies at once), and a reload of the
 * store's records (reset, restore, scenario) stops them all, as it stops
 * model downloads. `schedule` replaces the timers.
 *
 * @example
 * const jobs = createPacedJobs(store, () => machine.downloads.paceMs)
 * jobs.start('ollama', async () => (await stepInstall(store, 'ollama')).done)
 */
export function createPacedJobs(store: Store, pace: () => number, schedule: Schedule = timerSchedule): PacedJobs {
  const jobs = new Map<string, { stop: () => void }>()
  const next = (key: string, step: () => Promise<boolean>, job: { stop: () => void }) => {
    job.stop = schedule(() => {
      step().then(
        (done) => {
          // A job cancelled (or replaced) while its step ran is over.
          if (jobs.get(key) !== job) return
          if (done) jobs.delete(key)
          else next(key, step, job)
        },
        () => {
          if (jobs.get(key) === job) jobs.delete(key)
        },
      )
    }, pace())
  }
  store.subscribe((event) => {
    if (event.type !== 'replace') return
    for (const job of jobs.values()) job.stop()
    jobs.clear()
  })
  return {
    start(key, step) {
      if (jobs.has(key) || jobs.size >= MAX_PACED_JOBS) return false
      const job = { stop: () => {} }
      jobs.set(key, job)
      next(key, step, job)
      return true
    },
    cancel(key) {
      const job = jobs.get(key)
      if (!job) return false
      job.stop()
      jobs.delete(key)
      return true
    },
    running: (key) => jobs.has(key),
  }
}

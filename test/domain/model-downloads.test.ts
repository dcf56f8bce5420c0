import { createMockService } from 'conversation-asset-mock'
import { afterEach, describe, expect, it } from 'vitest'
import { createModelDownloads, DEFAULT_DOWNLOAD_PACE_MS } from '../../src/domain/machine/model-downloads.js'

/*
 * Model downloads stepped by a scheduler the test drives: each step runs
 * when the test says, so nothing waits on time.
 */

const PHI_2_GPU = '0de10000-0000-4000-8000-000000000015'

interface Progress {
  readonly status: string
  readonly percentage: number
}

/** A scheduler whose steps run one at a time when the test calls `step()`; it keeps the pace each was asked for. */
function steppedSchedule() {
  const pending: Array<{ run: () => void; cancelled: boolean }> = []
  const paces: number[] = []
  return {
    paces,
    schedule(run: () => void, ms: number) {
      const entry = { run, cancelled: false }
      pending.push(entry)
      paces.push(ms)
      return () => {
        entry.cancelled = true
      }
    },
    /** Runs the next step still wanted; false when none is left. */
    step(): boolean {
      for (let next = pending.shift(); next; next = pending.shift()) {
        if (next.cancelled) continue
        next.run()
        return true
      }
      return false
    },
  }
}

async function downloadsOverTheDefaultStore() {
  const service = createMockService()
  await service.ready
  const scheduler = steppedSchedule()
  const downloads = createModelDownloads(service.store, { schedule: scheduler.schedule })
  const frames: Progress[] = []
  downloads.listen(PHI_2_GPU, (progress) => frames.push(progress))
  return { service, scheduler, downloads, frames }
}

let close: (() => void) | undefined
afterEach(() => close?.())

describe('model downloads, stepped by the test', () => {
  it('run at the default pace in a mock created without downloadPaceMs, and at the one given otherwise', async () => {
    const service = createMockService()
    const fast = createMockService({ downloadPaceMs: 0 })
    close = () => [service, fast].forEach((mock) => mock.close())
    expect(service.machine.downloads.paceMs).toBe(DEFAULT_DOWNLOAD_PACE_MS)
    expect(fast.machine.downloads.paceMs).toBe(0)
  })

  it('take ten steps of 400 ms by default, and the model is downloaded after the last', async () => {
    const { service, scheduler, downloads, frames } = await downloadsOverTheDefaultStore()
    close = () => service.close()
    expect(downloads.paceMs).toBe(DEFAULT_DOWNLOAD_PACE_MS)
    const completed = new Promise<void>((resolve) =>
      downloads.listen(PHI_2_GPU, ({ status }) => status === 'COMPLETED' && resolve()),
    )
    await downloads.start(PHI_2_GPU)
    while (scheduler.step());
    await completed
    expect(scheduler.paces).toEqual(Array.from({ length: 10 }, () => 400))
    expect(frames.map(({ percentage }) => percentage)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    expect(service.store.get('model', PHI_2_GPU)).toMatchObject({ downloaded: true, downloading: false })
  })

  it('cancelled after its first progress frame, ends with CANCELED and leaves the model not downloaded', async () => {
    const { service, scheduler, downloads, frames } = await downloadsOverTheDefaultStore()
    close = () => service.close()
    await downloads.start(PHI_2_GPU)
    expect(service.store.get('model', PHI_2_GPU)).toMatchObject({ downloading: true, downloaded: false })
    expect(scheduler.step()).toBe(true)
    expect(frames.at(-1)).toEqual({ status: 'IN-PROGRESS', percentage: 10 })

    const cancelled = await downloads.cancel(PHI_2_GPU)
    expect(cancelled).toMatchObject({ downloading: false, downloaded: false })
    expect(scheduler.step()).toBe(false)
    expect(frames).toEqual([
      { status: 'INITIALIZED', percentage: 0 },
      { status: 'IN-PROGRESS', percentage: 10 },
      { status: 'CANCELED', percentage: 10 },
    ])
    expect(downloads.progress(PHI_2_GPU)).toBeUndefined()
    expect(service.store.get('model', PHI_2_GPU)).toMatchObject({ downloading: false, downloaded: false })
  })
})

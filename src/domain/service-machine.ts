import type { Store } from '../store/create-store.js'
import { createModelDownloads, type ModelDownloads } from './model-downloads.js'
import { createVisionProcessor, type VisionProcessor } from './vision-processor.js'

/**
 * What one service holds beside its records, as the machine it runs on does:
 * long-term memory on or off, and the model downloads under way.
 */
export interface ServiceMachine {
  readonly vision: VisionProcessor
  readonly downloads: ModelDownloads
}

/**
 * Creates the machine state of one service over its store. A reload of the
 * records (reset, restore, scenario) puts it back to its start.
 *
 * @example
 * const machine = createServiceMachine(store, { downloadPaceMs: 20 })
 */
export function createServiceMachine(store: Store, options: { downloadPaceMs?: number } = {}): ServiceMachine {
  const vision = createVisionProcessor()
  const downloads = createModelDownloads(store, {
    ...(options.downloadPaceMs !== undefined && { paceMs: options.downloadPaceMs }),
  })
  store.subscribe((event) => {
    if (event.type === 'replace') vision.reset()
  })
  return { vision, downloads }
}

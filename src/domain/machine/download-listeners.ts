import { MockServiceError } from '../../errors.js'

/** Who hears the progress of each model's download, bounded over every model. */
export interface DownloadListeners<Progress> {
  /** Tells one model's listeners; a listener that throws is reported and the others still hear. */
  tell(id: string, progress: Progress): void
  /** Hears one model's progress; returns the function that stops listening. Refused with SERVER_BUSY past the bound. */
  listen(id: string, listener: (progress: Progress) => void): () => void
}

/**
 * The listeners of model downloads' progress: at most `max` over every model.
 *
 * @example
 * const listeners = createDownloadListeners<{ percentage: number }>(256)
 * const stop = listeners.listen('model-1', ({ percentage }) => console.log(percentage))
 */
export function createDownloadListeners<Progress>(max: number): DownloadListeners<Progress> {
  const listeners = new Map<string, Set<(progress: Progress) => void>>()
  let count = 0
  return {
    tell(id, progress) {
      for (const listener of listeners.get(id) ?? []) {
        try {
          listener(progress)
        } catch (error) {
          console.error(error)
        }
      }
    },
    listen(id, listener) {
      if (count >= max) {
        throw new MockServiceError('SERVER_BUSY', `${max} clients follow model downloads already. Close one first.`)
      }
      let set = listeners.get(id)
      if (!set) listeners.set(id, (set = new Set()))
      set.add(listener)
      count++
      let listening = true
      return () => {
        if (!listening) return
        listening = false
        count--
        set.delete(listener)
        if (set.size === 0) listeners.delete(id)
      }
    },
  }
}

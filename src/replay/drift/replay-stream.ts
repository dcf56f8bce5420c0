import type { ServicePort } from '../../core/service-port.js'
import type { StreamSummary } from '../har/har-exchanges.js'
import type { StreamSession } from '../../events/stream-endpoint.js'

/** A recorded stream opened on the mock: the frames it was sent, and its session for what the client sends. */
export interface ReplayedStream {
  readonly exchange: StreamSummary
  readonly frames: string[]
  readonly session: StreamSession | undefined
  /** Resolves once the mock has sent `count` frames, or after `ms` milliseconds if it sends fewer. */
  framesReached(count: number, ms: number): Promise<void>
}

/** Most frames kept of one replayed stream (as many as the recorder keeps). */
const MAX_FRAMES = 10_000

/**
 * Opens a recorded stream's path on the mock, in process, keeping every
 * frame the mock sends; a path the mock does not stream keeps none.
 *
 * @example
 * const stream = openReplayedStream(portOf(service), exchange)
 * stream.session?.receive(question)
 * await stream.framesReached(3, 2000)
 */
export function openReplayedStream(service: Pick<ServicePort, 'streamAt'>, exchange: StreamSummary): ReplayedStream {
  const frames: string[] = []
  const waiting = new Set<{ count: number; resolve: () => void }>()
  const endpoint = service.streamAt(exchange.path)
  const session = endpoint?.open({
    send(frame) {
      if (frames.length >= MAX_FRAMES) return
      frames.push(frame)
      for (const waiter of waiting) if (frames.length >= waiter.count) waiter.resolve()
    },
    close() {},
  })
  return {
    exchange,
    frames,
    session,
    framesReached(count, ms) {
      if (frames.length >= count || !session) return Promise.resolve()
      return new Promise((resolve) => {
        const waiter = {
          count,
          resolve: () => {
            clearTimeout(timer)
            waiting.delete(waiter)
            resolve()
          },
        }
        const timer = setTimeout(waiter.resolve, ms)
        waiting.add(waiter)
      })
    },
  }
}

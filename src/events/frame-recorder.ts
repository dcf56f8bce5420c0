import type { IdentifierFrame } from './identifier-frames.js'

// Captured when this module loads, so a timeout still fires in real time
// after a test installs fake timers.
const realSetTimeout = globalThis.setTimeout
const realClearTimeout = globalThis.clearTimeout

/** The part of a WebSocket a recorder listens to (browser, `ws` and mock-socket sockets all fit). */
export interface MessageSource {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
}

/** Every frame a socket received, and a way to wait for the next one that matches. */
export interface FrameRecorder<F = IdentifierFrame> {
  /** Every frame received so far, parsed (a frame that is not JSON, such as the health stream's `ok`, as its text). */
  readonly frames: readonly F[]
  /**
   * Resolves with the first frame not yet taken that matches `predicate`
   * (frames before it are taken too); rejects after `timeoutMs` (default
   * 2,000, real time) listing the frames that arrived instead.
   */
  next(predicate?: (frame: F) => boolean, options?: { timeoutMs?: number }): Promise<F>
}

/**
 * Starts recording a socket's frames (identifier frames unless `F` says
 * otherwise, e.g. `recordFrames<QGPTStreamOutput>(socket)`). Attach it right after
 * creating the socket so the first frame is not missed.
 *
 * With fake timers: the timeout runs on the real clock, but mock-socket
 * delivers frames on timers too, so advance them (`vi.advanceTimersByTimeAsync`)
 * or fake only `Date`.
 *
 * @example
 * const frames = recordFrames(new WebSocket('ws://localhost:39300/conversations/stream/identifiers'))
 * const first = await frames.next()
 * const deletion = await frames.next((frame) => frame.iterable[0]?.deleted === true)
 */
export function recordFrames<F = IdentifierFrame>(socket: MessageSource): FrameRecorder<F> {
  const frames: F[] = []
  let taken = 0
  const waiters = new Set<() => void>()
  socket.addEventListener('message', (event) => {
    frames.push(parseFrame(String(event.data)) as F)
    for (const wake of [...waiters]) wake()
  })
  return {
    frames,
    next(predicate = () => true, { timeoutMs = 2000 } = {}) {
      return new Promise((resolve, reject) => {
        const seenFrom = taken
        const check = () => {
          while (taken < frames.length) {
            const frame = frames[taken++]!
            if (predicate(frame)) {
              waiters.delete(check)
              realClearTimeout(timer)
              resolve(frame)
              return
            }
          }
        }
        const timer = realSetTimeout(() => {
          waiters.delete(check)
          const arrived = frames.slice(seenFrom).map((frame) => JSON.stringify(frame))
          reject(
            new Error(
              `Failed to receive a matching frame within ${timeoutMs} ms: ${
                arrived.length === 0 ? 'no frame arrived' : `these arrived instead:\n  ${arrived.join('\n  ')}`
              }. Check the change happened, or wait longer with { timeoutMs }.`,
            ),
          )
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
  }
}

function parseFrame(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

import type { RequestMarks } from '../../execution/request-marks.js'

/**
 * The moments of the journal's kept requests, by slot. A request's marks are
 * an object the transport still writes to after the request is kept (when
 * its answer is written), so each is kept as it is at first; once an answer
 * written whole is written, its marks no longer change, and they are folded
 * into columns of numbers and the object let go. Each request would
 * otherwise leave its marks and a boxed number per moment in the journal
 * until 10,000 later requests push them out. The marks of a streamed
 * answer (pieces, or a live body) keep moving as pieces go out: they stay an
 * object.
 */
export interface FoldedMarks {
  /** Keeps a request's marks in its slot; `whole` when its answer is written at once, never in pieces. */
  keep(slot: number, marks: RequestMarks | undefined, whole: boolean): void
  /** The marks of a slot: the object while it may still change, the same moments as one afterwards. */
  at(slot: number): RequestMarks | undefined
  /** Lets go of a dropped slot's marks. */
  release(slot: number): void
}

/** How many kept requests wait to be folded before the oldest is left unfolded (an answer still not written). */
const WAITING = 256

/**
 * Creates empty marks columns.
 *
 * @example
 * const marks = createFoldedMarks()
 * marks.keep(0, requestMarks(), true)
 */
export function createFoldedMarks(): FoldedMarks {
  const objects: (RequestMarks | undefined)[] = []
  // Numbers only (NaN for a moment not marked), so they are held unboxed.
  const received: number[] = []
  const started: number[] = []
  const handled: number[] = []
  const written: number[] = []
  const folded: boolean[] = []
  // The slots kept whole and not yet folded, oldest (from `head`) first, each with the marks it held.
  const waitingSlots: number[] = []
  const waitingMarks: RequestMarks[] = []
  let head = 0
  function fold(): void {
    for (; head < waitingSlots.length; head++) {
      const slot = waitingSlots[head]!
      const marks = waitingMarks[head]!
      // Dropped since, and its slot given to a later request: nothing to fold.
      if (objects[slot] !== marks) continue
      if (marks.written === undefined) {
        // Not written yet: wait for it, unless too many wait behind it (it then stays an object).
        if (waitingSlots.length - head <= WAITING) break
        continue
      }
      received[slot] = marks.received
      started[slot] = marks.started ?? Number.NaN
      handled[slot] = marks.handled ?? Number.NaN
      written[slot] = marks.written
      folded[slot] = true
      objects[slot] = undefined
    }
    if (head === waitingSlots.length) {
      waitingSlots.length = 0
      waitingMarks.length = 0
      head = 0
    } else if (head > WAITING) {
      waitingSlots.splice(0, head)
      waitingMarks.splice(0, head)
      head = 0
    }
  }
  return {
    keep(slot, marks, whole) {
      objects[slot] = marks
      folded[slot] = false
      if (marks && whole) {
        waitingSlots.push(slot)
        waitingMarks.push(marks)
      }
      fold()
    },
    at(slot) {
      const marks = objects[slot]
      if (marks || folded[slot] !== true) return marks
      const moments: { -readonly [K in keyof RequestMarks]: RequestMarks[K] } = { received: received[slot]! }
      if (!Number.isNaN(started[slot])) moments.started = started[slot]!
      if (!Number.isNaN(handled[slot])) moments.handled = handled[slot]!
      moments.written = written[slot]!
      return moments
    },
    release(slot) {
      objects[slot] = undefined
      folded[slot] = false
    },
  }
}

import { z } from 'zod'
import { MockServiceError } from '../../errors.js'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { groupedTimestamp as timestamp } from '../inputs/wire-parts.js'

/** An AnonymousTemporalRange: from, to, and whether it goes on until changed. */
const temporalRange = lazySchema(() =>
  z.object({ from: timestamp.optional(), to: timestamp.optional(), continuous: z.boolean().optional() }).loose(),
)

/**
 * The body of `POST …/vision/activate` and `…/deactivate`: a
 * WorkstreamPatternEngineStatus, all of it optional as the client declares it.
 *
 * @example
 * visionStatusInput.parse({ vision: { activation: { continuous: true } } })
 */
export const visionStatusInput = lazySchema(() =>
  z
    .object({
      vision: z
        .object({ activation: temporalRange.optional(), deactivation: temporalRange.optional() })
        .loose()
        .optional(),
    })
    .loose()
    .optional(),
)

type TemporalRangeInput = z.output<typeof temporalRange>

/** A kept range: `from`/`to` as ISO texts. */
interface TemporalRange {
  readonly from?: string
  readonly to?: string
  readonly continuous?: boolean
}

/** The vision processor's state: on (with its activation range) or off (with its deactivation range). */
export interface VisionState {
  readonly activation?: TemporalRange
  readonly deactivation?: TemporalRange
}

/** Long-term memory (the vision processor) of one service: its state, and who hears it change. */
export interface VisionProcessor {
  /** The current state. */
  state(): VisionState
  /** Turns it on with the range sent (default: continuous); listeners hear of it. */
  activate(input: z.output<typeof visionStatusInput>): VisionState
  /** Turns it off with the range sent (default: continuous, until turned on); listeners hear of it. */
  deactivate(input: z.output<typeof visionStatusInput>): VisionState
  /** Back to the start (off), telling listeners when that is a change. */
  reset(): void
  /** Hears every change; returns the function that stops listening. */
  subscribe(listener: () => void): () => void
}

const OFF: VisionState = Object.freeze({ deactivation: Object.freeze({ continuous: true }) })

/**
 * Creates the vision processor of one service: off until activated, as a
 * fresh install of the service is. A listener's failure never fails the
 * change that told it.
 *
 * @example
 * const vision = createVisionProcessor()
 * vision.activate({ vision: { activation: { continuous: true } } })
 */
export function createVisionProcessor(): VisionProcessor {
  let current: VisionState = OFF
  const listeners = new Set<() => void>()
  function change(next: VisionState): VisionState {
    current = next
    for (const listener of listeners) {
      try {
        listener()
      } catch (error) {
        console.error(error)
      }
    }
    return current
  }
  return {
    state: () => current,
    activate: (input) => change({ activation: rangeOf(input?.vision?.activation, 'activation') }),
    deactivate: (input) => change({ deactivation: rangeOf(input?.vision?.deactivation, 'deactivation') }),
    reset() {
      if (current !== OFF) change(OFF)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function rangeOf(range: TemporalRangeInput | undefined, field: string): TemporalRange {
  if (!range || (range.from === undefined && range.to === undefined)) return { continuous: range?.continuous ?? true }
  const from = range.from?.value
  const to = range.to?.value
  if (from !== undefined && to !== undefined && from > to) {
    throw new MockServiceError(
      'INVALID_REQUEST',
      `Invalid WorkstreamPatternEngineStatus body: vision.${field}: "from" is after "to".`,
    )
  }
  return {
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    ...(range.continuous !== undefined && { continuous: range.continuous }),
  }
}

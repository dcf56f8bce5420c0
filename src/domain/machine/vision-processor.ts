import { z } from 'zod'
import { MockServiceError } from '../../errors.js'
import { lazySchema } from '../../store/schemas/lazy-schema.js'
import { groupedTimestamp as timestamp } from '../inputs/wire-parts.js'
import type { Store } from '../../store/create-store.js'
import {
  readLongTermMemory,
  switchLongTermMemory,
  type TemporalRange,
  type VisionState,
} from './os-parts/long-term-memory-part.js'

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

/**
 * Long-term memory (the vision processor) of one service, kept in the
 * `longTermMemory` machine part: its state, and switching it on or off.
 */
export interface VisionProcessor {
  /** The current state. */
  state(): VisionState
  /** Turns it on with the range sent (default: continuous); refused with nothing changed when the range is wrong. */
  activate(input: z.output<typeof visionStatusInput>): Promise<VisionState>
  /** Turns it off with the range sent (default: continuous, until turned on). */
  deactivate(input: z.output<typeof visionStatusInput>): Promise<VisionState>
}

/**
 * Creates the vision processor of one service over its store: off until
 * activated, as a fresh install of the service is, and off again after a
 * reset or scenario; a restored snapshot or persisted state brings back the
 * state it held. The vision status stream hears each change from the store.
 *
 * @example
 * const vision = createVisionProcessor(store)
 * await vision.activate({ vision: { activation: { continuous: true } } })
 */
export function createVisionProcessor(store: Store): VisionProcessor {
  return {
    state: () => readLongTermMemory(store),
    async activate(input) {
      const next = { activation: rangeOf(input?.vision?.activation, 'activation') }
      return store.write((tx) => switchLongTermMemory(tx, next))
    },
    async deactivate(input) {
      const next = { deactivation: rangeOf(input?.vision?.deactivation, 'deactivation') }
      return store.write((tx) => switchLongTermMemory(tx, next))
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

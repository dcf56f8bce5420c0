import type { WorkstreamPatternEngineStatus } from '@pieces.app/pieces-os-client'
import type { VisionState } from '../../domain/machine/os-parts/long-term-memory-part.js'
import type { Wire, WireContext } from '../wire-types.js'

/**
 * The vision processor's state as the wire WorkstreamPatternEngineStatus:
 * `vision.activation` while long-term memory is on, `vision.deactivation`
 * while it is off, never degraded.
 *
 * @example
 * json(buildVisionStatus(machine.vision.state(), wire))
 */
export function buildVisionStatus(
  state: VisionState,
  context: Pick<WireContext, 'timestamp'>,
): Wire<WorkstreamPatternEngineStatus> {
  const range = (kept: NonNullable<VisionState['activation']>) => ({
    ...(kept.from !== undefined && { from: context.timestamp(kept.from) }),
    ...(kept.to !== undefined && { to: context.timestamp(kept.to) }),
    ...(kept.continuous !== undefined && { continuous: kept.continuous }),
  })
  return {
    vision: {
      ...(state.activation && { activation: range(state.activation) }),
      ...(state.deactivation && { deactivation: range(state.deactivation) }),
      degraded: false,
    },
  }
}

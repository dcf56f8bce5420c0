import type { InspectedKind } from '../../control/inspection/record-views.js'

/**
 * The place of each record kind in the inspector's list of kinds: one entry
 * per kind the control plane names (TypeScript fails a kind left out), in
 * the order the list shows them.
 */
const SHOWN: { readonly [K in InspectedKind]: true } = {
  conversation: true,
  message: true,
  asset: true,
  format: true,
  hint: true,
  sensitive: true,
  share: true,
  annotation: true,
  tag: true,
  website: true,
  anchor: true,
  anchorPoint: true,
  range: true,
  workstreamSummary: true,
  person: true,
  workstreamEvent: true,
  source: true,
  sourceWindow: true,
  activity: true,
  application: true,
  model: true,
  user: true,
  machinePart: true,
}

/**
 * Every record kind the inspector lists, in its order.
 *
 * @example
 * INSPECTED_KINDS[0] // 'conversation'
 */
export const INSPECTED_KINDS = Object.keys(SHOWN) as readonly InspectedKind[]

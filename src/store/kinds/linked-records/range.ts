import { z } from 'zod'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { declareKind } from '../kind-declaration.js'

const buildRangeSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    from: timestamp.optional(),
    to: timestamp.optional(),
    between: z.boolean().optional(),
    created: timestamp,
    updated: timestamp,
    conversations: ids,
    messages: ids,
    summaries: ids,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * A stretch of time that conversations and messages are grounded in.
 *
 * @example
 * rangeKind.links.summaries // { to: 'workstreamSummary', inverse: 'ranges' }
 */
export const rangeKind = declareKind({
  name: 'range',
  schema: buildRangeSchema,
  defaults: { ...emptyLinks('conversations', 'messages', 'summaries'), score: sharedZeroScore() },
  links: {
    summaries: { to: 'workstreamSummary', inverse: 'ranges' },
  },
  fixtureFile: 'ranges.json',
  generated: 'made-up',
  label: (range) => `${range.from ?? '…'} – ${range.to ?? '…'}`,
  clientModels: [{ model: 'Range' }, { model: 'Ranges', many: true }],
  nestedAs: 'ranges',
  serializer: 'range',
})

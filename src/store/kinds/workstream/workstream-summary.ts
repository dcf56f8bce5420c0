import { z } from 'zod'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildWorkstreamSummarySchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    name: z.string(),
    created: timestamp,
    updated: timestamp,
    assets: ids,
    conversations: ids,
    anchors: ids,
    annotations: ids,
    messages: ids,
    ranges: ids,
    tags: ids,
    websites: ids,
    persons: ids,
    workstreamEvents: ids,
    sources: ids,
    score: buildScore().default(sharedZeroScore),
    favorited: z.boolean().optional(),
  })

/**
 * A summary of a stretch of the user's work, linked to what it is about.
 *
 * @example
 * workstreamSummaryKind.name // 'workstream summary'
 */
export const workstreamSummaryKind = declareKind({
  name: 'workstream summary',
  schema: buildWorkstreamSummarySchema,
  defaults: {
    ...emptyLinks('assets', 'conversations', 'anchors', 'annotations', 'messages', 'ranges', 'tags', 'websites'),
    ...emptyLinks('persons', 'workstreamEvents', 'sources'),
    score: sharedZeroScore(),
  },
  links: {},
  fixtureFile: 'workstream-summaries.json',
  generated: 'made-up',
  label: (summary) => clipLabel(summary.name),
  clientModels: [{ model: 'WorkstreamSummary' }, { model: 'WorkstreamSummaries', many: true }],
  nestedAs: 'summaries',
  serializer: 'workstreamSummary',
})

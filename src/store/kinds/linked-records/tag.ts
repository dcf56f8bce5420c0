import { z } from 'zod'
import { tagCategory } from '../../schemas/enums.js'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildTagSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    text: z.string(),
    category: tagCategory.default('UNKNOWN'),
    created: timestamp,
    updated: timestamp,
    assets: ids,
    anchors: ids,
    annotations: ids,
    messages: ids,
    websites: ids,
    summaries: ids,
    persons: ids,
    workstreamEvents: ids,
    sourceWindows: ids,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * A tag of assets, messages and the records linked to them.
 *
 * @example
 * tagKind.label({ text: 'react' } as TagRecord) // 'react'
 */
export const tagKind = declareKind({
  name: 'tag',
  schema: buildTagSchema,
  defaults: {
    category: 'UNKNOWN',
    ...emptyLinks('assets', 'anchors', 'annotations', 'messages', 'websites', 'summaries'),
    ...emptyLinks('persons', 'workstreamEvents', 'sourceWindows'),
    score: sharedZeroScore(),
  },
  links: {
    websites: { to: 'website', inverse: 'tags' },
    summaries: { to: 'workstreamSummary', inverse: 'tags' },
  },
  fixtureFile: 'tags.json',
  generated: 'made-up',
  label: (tag) => clipLabel(tag.text),
  clientModels: [{ model: 'Tag' }, { model: 'Tags', many: true }],
  nestedAs: 'tags',
  serializer: 'tag',
})

import { z } from 'zod'
import { buildBasics, buildContextLinks } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildWebsiteSchema = ({ id, ids } = buildBasics()) =>
  z.object({
    id,
    url: z.string(),
    name: z.string(),
    ...buildContextLinks(),
    sources: ids,
    sourceWindows: ids,
  })

/**
 * A web page linked to assets, conversations and the rest.
 *
 * @example
 * websiteKind.fixtureFile // 'websites.json'
 */
export const websiteKind = declareKind({
  name: 'website',
  schema: buildWebsiteSchema,
  defaults: {
    ...emptyLinks('assets', 'conversations', 'annotations', 'messages', 'tags', 'summaries'),
    ...emptyLinks('persons', 'workstreamEvents'),
    score: sharedZeroScore(),
    ...emptyLinks('sources', 'sourceWindows'),
  },
  links: {
    summaries: { to: 'workstreamSummary', inverse: 'websites' },
  },
  fixtureFile: 'websites.json',
  generated: 'made-up',
  label: (website) => clipLabel(website.name || website.url),
  clientModels: [{ model: 'Website' }, { model: 'Websites', many: true }],
  nestedAs: 'websites',
  serializer: 'website',
})

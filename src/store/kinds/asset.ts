import { z } from 'zod'
import { mechanism } from '../schemas/enums.js'
import { buildBasics, buildScore, buildShare } from '../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../schemas/shared-defaults.js'
import { clipLabel } from './clip-label.js'
import { declareKind } from './kind-declaration.js'

const buildAssetSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    name: z.string().optional(),
    creator: z.string().default(''),
    mechanism: mechanism.default('MANUAL'),
    created: timestamp,
    updated: timestamp,
    formats: z.array(id).min(1),
    original: id,
    preview: z.object({ base: id, overlay: id.optional() }),
    tags: ids,
    websites: ids,
    annotations: ids,
    conversations: ids,
    summaries: ids,
    anchors: ids,
    messages: ids,
    persons: ids,
    score: buildScore().default(sharedZeroScore),
    favorited: z.boolean().default(false),
    /** The asset's share link (`POST /linkify`): one at most; its link is derived from its id. */
    shares: z.array(buildShare()).max(1).optional(),
  })

/**
 * A saved snippet: its formats (the original among them), and the records it is linked to.
 *
 * @example
 * assetKind.clientModels // [{ model: 'Asset' }, { model: 'Assets', many: true }]
 */
export const assetKind = declareKind({
  name: 'asset',
  schema: buildAssetSchema,
  defaults: {
    creator: '',
    mechanism: 'MANUAL',
    ...emptyLinks('tags', 'websites', 'annotations', 'conversations', 'summaries', 'anchors', 'messages', 'persons'),
    score: sharedZeroScore(),
    favorited: false,
  },
  links: {
    formats: { to: 'format', inverse: 'asset', inverseOne: true },
    annotations: { to: 'annotation', inverse: 'asset', inverseOne: true },
    tags: { to: 'tag', inverse: 'assets' },
    websites: { to: 'website', inverse: 'assets' },
    summaries: { to: 'workstreamSummary', inverse: 'assets' },
    anchors: { to: 'anchor', inverse: 'assets' },
  },
  fixtureFile: 'assets.json',
  generated: 'made-up',
  label: (asset) => clipLabel(asset.name || '(unnamed asset)'),
  clientModels: [{ model: 'Asset' }, { model: 'Assets', many: true }],
  nestedAs: 'assets',
  serializer: 'asset',
})

import { z } from 'zod'
import { access } from '../../schemas/enums.js'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildShareSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    access: access.default('PUBLIC'),
    name: z.string().optional(),
    /** The id of the user who shared, if one was signed in. */
    user: id.optional(),
    created: timestamp,
    updated: timestamp,
    assets: ids,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * A share of one or more assets: its link and short code are derived from its id.
 *
 * @example
 * shareKind.links.assets // { to: 'asset', inverse: 'shares' }
 */
export const shareKind = declareKind({
  name: 'share',
  schema: buildShareSchema,
  defaults: { access: 'PUBLIC', ...emptyLinks('assets'), score: sharedZeroScore() },
  links: {
    assets: { to: 'asset', inverse: 'shares' },
  },
  fixtureFile: 'shares.json',
  generated: 'made-up',
  label: (share) => clipLabel(share.name || share.id),
  clientModels: [{ model: 'Share' }, { model: 'Shares', many: true }],
  nestedAs: 'shares',
  serializer: 'share',
})

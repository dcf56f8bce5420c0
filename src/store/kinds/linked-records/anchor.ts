import { z } from 'zod'
import { anchorType } from '../../schemas/enums.js'
import { buildBasics, buildContextLinks } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedEmptyIds, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildAnchorSchema = ({ id, ids } = buildBasics()) =>
  z.object({
    id,
    type: anchorType,
    name: z.string().optional(),
    watch: z.boolean().optional(),
    fullpath: z.string(),
    /** Its points (`AnchorPoint` records), each one place of it on a machine. */
    points: ids,
    ...buildContextLinks(),
    sources: ids,
  })

/**
 * A file or a directory on the user's machine, linked to the records about it.
 *
 * @example
 * anchorKind.links.tags // { to: 'tag', inverse: 'anchors' }
 */
export const anchorKind = declareKind({
  name: 'anchor',
  schema: buildAnchorSchema,
  defaults: {
    points: sharedEmptyIds(),
    ...emptyLinks('assets', 'conversations', 'annotations', 'messages', 'tags', 'summaries'),
    ...emptyLinks('persons', 'workstreamEvents'),
    score: sharedZeroScore(),
    ...emptyLinks('sources'),
  },
  links: {
    points: { to: 'anchorPoint', inverse: 'anchor', inverseOne: true },
    annotations: { to: 'annotation', inverse: 'anchors' },
    tags: { to: 'tag', inverse: 'anchors' },
    summaries: { to: 'workstreamSummary', inverse: 'anchors' },
  },
  fixtureFile: 'anchors.json',
  generated: 'made-up',
  label: (anchor) => clipLabel(anchor.name || anchor.fullpath),
  clientModels: [{ model: 'Anchor' }, { model: 'Anchors', many: true }],
  nestedAs: 'anchors',
  serializer: 'anchor',
})

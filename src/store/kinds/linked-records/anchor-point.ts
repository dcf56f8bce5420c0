import { z } from 'zod'
import { platform } from '../../schemas/enums.js'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildAnchorPointSchema = ({ id, timestamp } = buildBasics()) =>
  z.object({
    id,
    /** The anchor the point belongs to: a point always has one. */
    anchor: id,
    fullpath: z.string(),
    verified: z.boolean().optional(),
    platform: platform.optional(),
    created: timestamp,
    updated: timestamp,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * One place of an anchor on a machine: the path of the file or directory there.
 *
 * @example
 * anchorPointKind.label({ fullpath: '/src/index.ts' } as AnchorPointRecord) // '/src/index.ts'
 */
export const anchorPointKind = declareKind({
  name: 'anchor point',
  schema: buildAnchorPointSchema,
  defaults: { score: sharedZeroScore() },
  links: {},
  fixtureFile: 'anchor-points.json',
  generated: 'made-up',
  label: (point) => clipLabel(point.fullpath),
  clientModels: [{ model: 'AnchorPoint' }, { model: 'AnchorPoints', many: true }],
  serializer: 'anchorPoint',
})

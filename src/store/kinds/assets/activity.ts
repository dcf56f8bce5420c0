import { z } from 'zod'
import { buildDefaultedApplicationSchema } from '../../schemas/application-schema.js'
import { mechanism } from '../../schemas/enums.js'
import { buildBasics } from '../../schemas/schema-parts.js'
import { DEFAULT_APPLICATION } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildActivitySchema = ({ id, timestamp } = buildBasics()) =>
  z.object({
    id,
    /** The asset the activity is about; left out for an activity created without one. */
    asset: id.optional(),
    format: id.optional(),
    event: z.record(z.string(), z.unknown()).default(() => ({})),
    application: buildDefaultedApplicationSchema(),
    mechanism: mechanism.default('AUTOMATIC'),
    rank: z.number().int().optional(),
    created: timestamp,
    updated: timestamp,
  })

/**
 * Something that happened to an asset or a format (an event the client reported).
 *
 * @example
 * activityKind.generated // 'none'
 */
export const activityKind = declareKind({
  name: 'activity',
  schema: buildActivitySchema,
  defaults: { event: Object.freeze({}), application: DEFAULT_APPLICATION, mechanism: 'AUTOMATIC' },
  links: {},
  fixtureFile: 'activities.json',
  generated: 'none',
  label: (activity) =>
    clipLabel(`${Object.keys(activity.event)[0] ?? 'activity'} (${activity.mechanism.toLowerCase()})`),
  clientModels: [{ model: 'Activity' }, { model: 'Activities', many: true }],
  serializer: 'activity',
})

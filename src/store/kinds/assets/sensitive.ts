import { z } from 'zod'
import { mechanism, sensitiveCategory, sensitiveSeverity } from '../../schemas/enums.js'
import { buildBasics, buildScore, buildSensitiveMetadata } from '../../schemas/schema-parts.js'
import { sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildSensitiveSchema = ({ id, timestamp } = buildBasics()) =>
  z.object({
    id,
    /** The asset the finding is in: a sensitive always belongs to one. */
    asset: id,
    text: z.string(),
    mechanism: mechanism.default('MANUAL'),
    category: sensitiveCategory,
    severity: sensitiveSeverity,
    name: z.string(),
    description: z.string(),
    /** Where the text matched and how random it looks (`SensitiveMetadata`), kept as sent. */
    metadata: buildSensitiveMetadata().optional(),
    interactions: z.number().int().min(0).optional(),
    created: timestamp,
    updated: timestamp,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * A sensitive finding in an asset: a secret, a key, a token or a URL its text holds.
 *
 * @example
 * sensitiveKind.label({ name: 'AWS key' } as SensitiveRecord) // 'AWS key'
 */
export const sensitiveKind = declareKind({
  name: 'sensitive',
  schema: buildSensitiveSchema,
  defaults: { mechanism: 'MANUAL', score: sharedZeroScore() },
  links: {},
  fixtureFile: 'sensitives.json',
  generated: 'made-up',
  label: (sensitive) => clipLabel(sensitive.name || sensitive.text),
  clientModels: [{ model: 'Sensitive' }, { model: 'Sensitives', many: true }],
  nestedAs: 'sensitives',
  serializer: 'sensitive',
})

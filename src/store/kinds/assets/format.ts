import { z } from 'zod'
import { buildDefaultedApplicationSchema } from '../../schemas/application-schema.js'
import {
  classificationGeneric,
  classificationRendering,
  classificationSpecific,
  formatRole,
} from '../../schemas/enums.js'
import { buildBasics, buildFragment, buildTransferableString } from '../../schemas/schema-parts.js'
import { DEFAULT_APPLICATION } from '../../schemas/shared-defaults.js'
import { declareKind } from '../kind-declaration.js'

const buildFormatSchema = ({ id, timestamp } = buildBasics()) =>
  z.object({
    id,
    asset: id,
    creator: z.string().default(''),
    classification: z.object({
      generic: classificationGeneric,
      specific: classificationSpecific,
      rendering: classificationRendering.optional(),
    }),
    role: formatRole.default('BOTH'),
    application: buildDefaultedApplicationSchema(),
    fragment: buildFragment().optional(),
    file: z.object({ string: buildTransferableString().optional() }).loose().optional(),
    created: timestamp,
    updated: timestamp,
  })

/**
 * One form of an asset's content (its code, an image's file), owned by the asset.
 *
 * @example
 * formatKind.nestedAs // 'formats'
 */
export const formatKind = declareKind({
  name: 'format',
  schema: buildFormatSchema,
  defaults: { creator: '', role: 'BOTH', application: DEFAULT_APPLICATION },
  links: {},
  fixtureFile: 'formats.json',
  generated: 'made-up',
  label: (format) => `${format.classification.specific} ${format.role.toLowerCase()}`,
  clientModels: [{ model: 'Format' }, { model: 'Formats', many: true }],
  nestedAs: 'formats',
  serializer: 'format',
})

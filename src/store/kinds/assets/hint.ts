import { z } from 'zod'
import { hintType, mechanism } from '../../schemas/enums.js'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildHintSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    type: hintType,
    text: z.string(),
    created: timestamp,
    updated: timestamp,
    /** How the hint came to be (`SeededHint.mechanism`), kept under the wire's `mechanisms`. */
    mechanism: mechanism.optional(),
    /** The id of the model that suggested it, if any. */
    model: id.optional(),
    assets: ids,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * A hint: a suggested query or a copilot hint about the assets it is linked to.
 *
 * @example
 * hintKind.links.assets // { to: 'asset', inverse: 'hints' }
 */
export const hintKind = declareKind({
  name: 'hint',
  schema: buildHintSchema,
  defaults: { ...emptyLinks('assets'), score: sharedZeroScore() },
  links: {
    assets: { to: 'asset', inverse: 'hints' },
  },
  fixtureFile: 'hints.json',
  generated: 'made-up',
  label: (hint) => clipLabel(hint.text),
  clientModels: [{ model: 'Hint' }, { model: 'Hints', many: true }],
  nestedAs: 'hints',
  serializer: 'hint',
})

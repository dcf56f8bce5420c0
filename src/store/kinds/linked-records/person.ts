import { z } from 'zod'
import { buildBasics, buildPersonType, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildPersonSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    type: buildPersonType(),
    created: timestamp,
    updated: timestamp,
    interactions: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    assets: ids,
    tags: ids,
    websites: ids,
    annotations: ids,
    summaries: ids,
    anchors: ids,
    messages: ids,
    /** Other persons this one is linked with (both ways). */
    persons: ids,
    workstreamEvents: ids,
    sources: ids,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * A person: someone who wrote an asset, took part in a conversation, or is named by the records linked to them.
 *
 * @example
 * personKind.links.assets // { to: 'asset', inverse: 'persons' }
 */
export const personKind = declareKind({
  name: 'person',
  schema: buildPersonSchema,
  defaults: {
    ...emptyLinks('assets', 'tags', 'websites', 'annotations', 'summaries', 'anchors', 'messages', 'persons'),
    ...emptyLinks('workstreamEvents', 'sources'),
    score: sharedZeroScore(),
  },
  links: {
    assets: { to: 'asset', inverse: 'persons' },
    tags: { to: 'tag', inverse: 'persons' },
    websites: { to: 'website', inverse: 'persons' },
    annotations: { to: 'annotation', inverse: 'persons' },
    summaries: { to: 'workstreamSummary', inverse: 'persons' },
    anchors: { to: 'anchor', inverse: 'persons' },
    messages: { to: 'message', inverse: 'persons' },
    /** Persons linked with each other: the same list on both. */
    persons: { to: 'person', inverse: 'persons' },
    workstreamEvents: { to: 'workstreamEvent', inverse: 'persons' },
  },
  fixtureFile: 'persons.json',
  generated: 'made-up',
  label: (person) => {
    const basic = person.type.basic
    const platform = person.type.platform
    const platformName = typeof platform?.['name'] === 'string' ? platform['name'] : undefined
    return clipLabel(basic?.name || basic?.username || basic?.email || platformName || '(unnamed person)')
  },
  clientModels: [{ model: 'Person' }, { model: 'Persons', many: true }],
  nestedAs: 'persons',
  serializer: 'person',
})

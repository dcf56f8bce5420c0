import { z } from 'zod'
import { annotationType } from '../../schemas/enums.js'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildAnnotationSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    type: annotationType,
    text: z.string(),
    created: timestamp,
    updated: timestamp,
    asset: id.optional(),
    conversation: id.optional(),
    favorited: z.boolean().optional(),
    anchors: ids,
    messages: ids,
    tags: ids,
    websites: ids,
    summaries: ids,
    persons: ids,
    workstreamEvents: ids,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * A note on an asset or a conversation (a description, a comment, a summary).
 *
 * @example
 * annotationKind.links.tags // { to: 'tag', inverse: 'annotations' }
 */
export const annotationKind = declareKind({
  name: 'annotation',
  schema: buildAnnotationSchema,
  defaults: {
    ...emptyLinks('anchors', 'messages', 'tags', 'websites', 'summaries', 'persons', 'workstreamEvents'),
    score: sharedZeroScore(),
  },
  links: {
    tags: { to: 'tag', inverse: 'annotations' },
    websites: { to: 'website', inverse: 'annotations' },
    summaries: { to: 'workstreamSummary', inverse: 'annotations' },
  },
  fixtureFile: 'annotations.json',
  generated: 'made-up',
  label: (annotation) => clipLabel(annotation.text),
  clientModels: [{ model: 'Annotation' }, { model: 'Annotations', many: true }],
  nestedAs: 'annotations',
  serializer: 'annotation',
})

import { z } from 'zod'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildSourceSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    /** The WorkstreamPatternEngineSource itself: the application, window, URL or installation the engine reads. */
    raw: z.object({
      name: z.string().optional(),
      window: z.string().optional(),
      url: z.string().optional(),
      application: z.string().optional(),
      installation: z.string().optional(),
    }),
    readable: z.string(),
    filter: z.boolean().optional(),
    /** Whether the source can be read through the accessibility interface, and since when. */
    accessibility: z.object({ supported: z.boolean(), updated: timestamp }).optional(),
    created: timestamp,
    updated: timestamp,
    score: buildScore().default(sharedZeroScore),
    websites: ids,
    summaries: ids,
    anchors: ids,
    messages: ids,
    /** The conversations grounded in it (their `grounding.sources`). */
    conversations: ids,
    persons: ids,
    workstreamEvents: ids,
  })

/**
 * A source the workstream pattern engine reads (an IdentifiedWorkstreamPatternEngineSource
 * on the wire): an application or a window, linked to websites, summaries,
 * anchors, messages, persons, workstream events and the conversations
 * grounded in it.
 *
 * @example
 * sourceKind.links.websites // { to: 'website', inverse: 'sources' }
 */
export const sourceKind = declareKind({
  name: 'workstream pattern engine source',
  schema: buildSourceSchema,
  defaults: {
    score: sharedZeroScore(),
    ...emptyLinks('websites', 'summaries', 'anchors', 'messages', 'conversations'),
    ...emptyLinks('persons', 'workstreamEvents'),
  },
  links: {
    websites: { to: 'website', inverse: 'sources' },
    summaries: { to: 'workstreamSummary', inverse: 'sources' },
    anchors: { to: 'anchor', inverse: 'sources' },
    messages: { to: 'message', inverse: 'sources' },
    conversations: { to: 'conversation', inverse: 'groundingSources' },
    persons: { to: 'person', inverse: 'sources' },
    workstreamEvents: { to: 'workstreamEvent', inverse: 'sources' },
  },
  fixtureFile: 'sources.json',
  generated: 'made-up',
  label: (source) => clipLabel(source.readable || source.raw.name || source.raw.window || source.id),
  clientModels: [
    { model: 'IdentifiedWorkstreamPatternEngineSource' },
    { model: 'IdentifiedWorkstreamPatternEngineSources', many: true },
  ],
  serializer: 'source',
})

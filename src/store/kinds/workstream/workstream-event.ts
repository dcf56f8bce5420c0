import { z } from 'zod'
import { buildApplicationSchema } from '../../schemas/application-schema.js'
import { buildBasics, buildScore, buildWorkstreamEventTrigger } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildWorkstreamEventSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    application: buildApplicationSchema(),
    trigger: buildWorkstreamEventTrigger(),
    /** A WorkstreamEventContext (what the IDE or browser showed), kept as sent. */
    context: z.record(z.string(), z.unknown()).optional(),
    readable: z.string().optional(),
    windowTitle: z.string().optional(),
    browserUrl: z.string().optional(),
    created: timestamp,
    updated: timestamp,
    summaries: ids,
    tags: ids,
    websites: ids,
    messages: ids,
    annotations: ids,
    anchors: ids,
    persons: ids,
    sources: ids,
    sourceWindows: ids,
    score: buildScore().default(sharedZeroScore),
  })

/**
 * Something that happened in the user's workstream (a copy, a tab switch, a
 * check-in), linked to the summaries, sites and records it is about.
 *
 * @example
 * workstreamEventKind.links.summaries // { to: 'workstreamSummary', inverse: 'workstreamEvents' }
 */
export const workstreamEventKind = declareKind({
  name: 'workstream event',
  schema: buildWorkstreamEventSchema,
  defaults: {
    ...emptyLinks('summaries', 'tags', 'websites', 'messages', 'annotations', 'anchors', 'persons'),
    ...emptyLinks('sources', 'sourceWindows'),
    score: sharedZeroScore(),
  },
  links: {
    summaries: { to: 'workstreamSummary', inverse: 'workstreamEvents' },
    tags: { to: 'tag', inverse: 'workstreamEvents' },
    websites: { to: 'website', inverse: 'workstreamEvents' },
    messages: { to: 'message', inverse: 'workstreamEvents' },
    annotations: { to: 'annotation', inverse: 'workstreamEvents' },
    anchors: { to: 'anchor', inverse: 'workstreamEvents' },
  },
  fixtureFile: 'workstream-events.json',
  generated: 'made-up',
  label: (event) =>
    clipLabel(event.readable || event.windowTitle || event.browserUrl || `${event.application.name} event`),
  clientModels: [{ model: 'WorkstreamEvent' }, { model: 'WorkstreamEvents', many: true }],
  serializer: 'workstreamEvent',
})

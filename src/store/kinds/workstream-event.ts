import { z } from 'zod'
import { buildApplicationSchema } from '../schemas/application-schema.js'
import { buildBasics, buildScore } from '../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../schemas/shared-defaults.js'
import { clipLabel } from './clip-label.js'
import { declareKind } from './kind-declaration.js'

/** What a WorkstreamEventTrigger can say happened, by its wire keys. */
const TRIGGERS = [
  'check_in',
  'copy',
  'paste',
  'file_open',
  'file_close',
  'tab_switch',
  'tab_close',
  'tab_open',
  'tab_enter',
  'tab_leave',
  'url_changed',
  'application_enter',
  'application_leave',
  'application_switch',
  'native_screenshot',
] as const

/** A WorkstreamEventTrigger as the event keeps it: its wire keys, each optional. */
const buildTrigger = () =>
  z.object(
    Object.fromEntries(TRIGGERS.map((key) => [key, z.boolean().optional()])) as Record<
      (typeof TRIGGERS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )

const buildWorkstreamEventSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    application: buildApplicationSchema(),
    trigger: buildTrigger(),
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

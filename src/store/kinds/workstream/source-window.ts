import { z } from 'zod'
import { buildBasics, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildSourceWindowSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    /** The window's title. */
    name: z.string(),
    created: timestamp,
    updated: timestamp,
    score: buildScore().default(sharedZeroScore),
    websites: ids,
    tags: ids,
    workstreamEvents: ids,
  })

/**
 * A window the workstream pattern engine saw (a WorkstreamPatternEngineSourceWindow
 * on the wire), linked to websites, tags and workstream events. The client's models link no
 * window to a source: a source names its window by title (`raw.window`).
 *
 * @example
 * sourceWindowKind.links.tags // { to: 'tag', inverse: 'sourceWindows' }
 */
export const sourceWindowKind = declareKind({
  name: 'workstream pattern engine source window',
  schema: buildSourceWindowSchema,
  defaults: {
    score: sharedZeroScore(),
    ...emptyLinks('websites', 'tags', 'workstreamEvents'),
  },
  links: {
    websites: { to: 'website', inverse: 'sourceWindows' },
    tags: { to: 'tag', inverse: 'sourceWindows' },
    workstreamEvents: { to: 'workstreamEvent', inverse: 'sourceWindows' },
  },
  fixtureFile: 'source-windows.json',
  generated: 'made-up',
  label: (window) => clipLabel(window.name || window.id),
  clientModels: [
    { model: 'WorkstreamPatternEngineSourceWindow' },
    { model: 'WorkstreamPatternEngineSourceWindows', many: true },
  ],
  serializer: 'sourceWindow',
})

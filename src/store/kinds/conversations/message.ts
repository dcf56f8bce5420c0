import { z } from 'zod'
import { messageRole, messageSentiment } from '../../schemas/enums.js'
import { buildBasics, buildFragment, buildScore } from '../../schemas/schema-parts.js'
import { emptyLinks, sharedZeroScore } from '../../schemas/shared-defaults.js'
import { clipLabel } from '../clip-label.js'
import { declareKind } from '../kind-declaration.js'

const buildMessageSchema = ({ id, ids, timestamp } = buildBasics()) =>
  z.object({
    id,
    conversation: id,
    role: messageRole,
    fragment: buildFragment().optional(),
    sentiment: messageSentiment.optional(),
    created: timestamp,
    updated: timestamp,
    score: buildScore().default(sharedZeroScore),
    assets: ids,
    anchors: ids,
    annotations: ids,
    tags: ids,
    websites: ids,
    ranges: ids,
    summaries: ids,
    /** Other messages this one is linked with (both ways). */
    messages: ids,
    persons: ids,
    workstreamEvents: ids,
    sources: ids,
  })

/**
 * A message of a conversation (a ConversationMessage on the wire).
 *
 * @example
 * messageKind.serializer // 'message'
 */
export const messageKind = declareKind({
  name: 'message',
  schema: buildMessageSchema,
  defaults: {
    score: sharedZeroScore(),
    ...emptyLinks('assets', 'anchors', 'annotations', 'tags', 'websites', 'ranges', 'summaries', 'messages'),
    ...emptyLinks('persons', 'workstreamEvents', 'sources'),
  },
  links: {
    assets: { to: 'asset', inverse: 'messages' },
    anchors: { to: 'anchor', inverse: 'messages' },
    annotations: { to: 'annotation', inverse: 'messages' },
    tags: { to: 'tag', inverse: 'messages' },
    websites: { to: 'website', inverse: 'messages' },
    ranges: { to: 'range', inverse: 'messages' },
    summaries: { to: 'workstreamSummary', inverse: 'messages' },
    /** Messages linked with each other: the same list on both. */
    messages: { to: 'message', inverse: 'messages' },
  },
  fixtureFile: 'messages.json',
  generated: 'made-up',
  // Clipped before it is joined: a label of a 1 MiB message copies no more of it than it shows.
  label: (message) => clipLabel(`${message.role.toLowerCase()}: ${clipLabel(message.fragment?.string?.raw ?? '')}`),
  clientModels: [{ model: 'ConversationMessage' }, { model: 'ConversationMessages', many: true }],
  nestedAs: 'messages',
  serializer: 'message',
})

import { assetEvent } from '../assets/asset-link-events.js'
import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 18 link routes of the client's TagApi, from the tag side: each
 * changes the same link on both records as the other side's route does,
 * with the same activity where the other side logs one.
 *
 * @example
 * routeTable() // holds these
 */
export const tagLinksOperations: readonly Operation[] = [
  associate({
    id: 'tagAssociateAnchor',
    paths: ['/tag/:tag/anchors/associate/:anchor'],
    params: { tag: 'tag', anchor: 'anchor' },
    relation: ['anchor', 'tags'],
  }),
  disassociate({
    id: 'tagDisassociateAnchor',
    paths: ['/tag/:tag/anchors/disassociate/:anchor'],
    params: { tag: 'tag', anchor: 'anchor' },
    relation: ['anchor', 'tags'],
  }),
  associate({
    id: 'tagAssociateAnnotation',
    paths: ['/tag/:tag/annotations/associate/:annotation'],
    params: { tag: 'tag', annotation: 'annotation' },
    relation: ['annotation', 'tags'],
  }),
  disassociate({
    id: 'tagDisassociateAnnotation',
    paths: ['/tag/:tag/annotations/disassociate/:annotation'],
    params: { tag: 'tag', annotation: 'annotation' },
    relation: ['annotation', 'tags'],
  }),
  associate({
    id: 'tagAssociateAsset',
    paths: ['/tag/:tag/assets/associate/:asset'],
    params: { tag: 'tag', asset: 'asset' },
    relation: ['asset', 'tags'],
    also: assetEvent('tagAdded'),
  }),
  disassociate({
    id: 'tagDisassociateAsset',
    paths: ['/tag/:tag/assets/disassociate/:asset'],
    params: { tag: 'tag', asset: 'asset' },
    relation: ['asset', 'tags'],
    also: assetEvent('tagDeleted'),
  }),
  associate({
    id: 'tagAssociateConversationMessage',
    paths: ['/tag/:tag/messages/associate/:message'],
    params: { tag: 'tag', message: 'message' },
    relation: ['message', 'tags'],
  }),
  disassociate({
    id: 'tagDisassociateConversationMessage',
    paths: ['/tag/:tag/messages/disassociate/:message'],
    params: { tag: 'tag', message: 'message' },
    relation: ['message', 'tags'],
  }),
  associate({
    id: 'tagAssociateWebsite',
    paths: ['/tag/:tag/websites/associate/:website'],
    params: { tag: 'tag', website: 'website' },
    relation: ['tag', 'websites'],
  }),
  disassociate({
    id: 'tagDisassociateWebsite',
    paths: ['/tag/:tag/websites/disassociate/:website'],
    params: { tag: 'tag', website: 'website' },
    relation: ['tag', 'websites'],
  }),
  associate({
    id: 'tagAssociateWorkstreamSummary',
    paths: ['/tag/:tag/workstream_summaries/associate/:workstream_summary'],
    params: { tag: 'tag', workstream_summary: 'workstreamSummary' },
    relation: ['tag', 'summaries'],
  }),
  disassociate({
    id: 'tagDisassociateWorkstreamSummary',
    paths: ['/tag/:tag/workstream_summaries/disassociate/:workstream_summary'],
    params: { tag: 'tag', workstream_summary: 'workstreamSummary' },
    relation: ['tag', 'summaries'],
  }),
  associate({
    id: 'tagAssociatePerson',
    paths: ['/tag/:tag/persons/associate/:person'],
    params: { tag: 'tag', person: 'person' },
    relation: ['person', 'tags'],
  }),
  disassociate({
    id: 'tagDisassociatePerson',
    paths: ['/tag/:tag/persons/disassociate/:person'],
    params: { tag: 'tag', person: 'person' },
    relation: ['person', 'tags'],
  }),
  associate({
    id: 'tagAssociateWorkstreamEvent',
    paths: ['/tag/:tag/workstream_events/associate/:workstream_event'],
    params: { tag: 'tag', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'tags'],
  }),
  disassociate({
    id: 'tagDisassociateWorkstreamEvent',
    paths: ['/tag/:tag/workstream_events/disassociate/:workstream_event'],
    params: { tag: 'tag', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'tags'],
  }),
  associate({
    id: 'tagAssociateWorkstreamPatternEngineSourceWindow',
    paths: ['/tag/:tag/workstream_pattern_engine/source_windows/associate/:source_window'],
    params: { tag: 'tag', source_window: 'sourceWindow' },
    relation: ['sourceWindow', 'tags'],
  }),
  disassociate({
    id: 'tagDisassociateWorkstreamPatternEngineSourceWindow',
    paths: ['/tag/:tag/workstream_pattern_engine/source_windows/disassociate/:source_window'],
    params: { tag: 'tag', source_window: 'sourceWindow' },
    relation: ['sourceWindow', 'tags'],
  }),
]

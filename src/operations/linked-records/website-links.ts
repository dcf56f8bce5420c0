import { assetEvent } from '../assets/asset-link-events.js'
import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 20 link routes of the client's WebsiteApi, from the website side: each
 * changes the same link on both records as the other side's route does,
 * with the same activity where the other side logs one.
 *
 * @example
 * routeTable() // holds these
 */
export const websiteLinksOperations: readonly Operation[] = [
  associate({
    id: 'websiteAssociateAnnotation',
    paths: ['/website/:website/annotations/associate/:annotation'],
    params: { website: 'website', annotation: 'annotation' },
    relation: ['annotation', 'websites'],
  }),
  disassociate({
    id: 'websiteDisassociateAnnotation',
    paths: ['/website/:website/annotations/disassociate/:annotation'],
    params: { website: 'website', annotation: 'annotation' },
    relation: ['annotation', 'websites'],
  }),
  associate({
    id: 'websiteAssociateAsset',
    paths: ['/website/:website/assets/associate/:asset'],
    params: { website: 'website', asset: 'asset' },
    relation: ['asset', 'websites'],
    also: assetEvent('linkAdded'),
  }),
  disassociate({
    id: 'websiteDisassociateAsset',
    paths: ['/website/:website/assets/disassociate/:asset'],
    params: { website: 'website', asset: 'asset' },
    relation: ['asset', 'websites'],
    also: assetEvent('linkDeleted'),
  }),
  associate({
    id: 'websiteAssociateConversation',
    paths: ['/website/:website/conversations/associate/:conversation'],
    params: { website: 'website', conversation: 'conversation' },
    relation: ['conversation', 'websites'],
  }),
  disassociate({
    id: 'websiteDisassociateConversation',
    paths: ['/website/:website/conversations/disassociate/:conversation'],
    params: { website: 'website', conversation: 'conversation' },
    relation: ['conversation', 'websites'],
  }),
  associate({
    id: 'websiteAssociateMessage',
    paths: ['/website/:website/messages/associate/:message'],
    params: { website: 'website', message: 'message' },
    relation: ['message', 'websites'],
  }),
  disassociate({
    id: 'websiteDisassociateMessage',
    paths: ['/website/:website/messages/disassociate/:message'],
    params: { website: 'website', message: 'message' },
    relation: ['message', 'websites'],
  }),
  associate({
    id: 'websiteAssociateTag',
    paths: ['/website/:website/tags/associate/:tag'],
    params: { website: 'website', tag: 'tag' },
    relation: ['tag', 'websites'],
  }),
  disassociate({
    id: 'websiteDisassociateTag',
    paths: ['/website/:website/tags/disassociate/:tag'],
    params: { website: 'website', tag: 'tag' },
    relation: ['tag', 'websites'],
  }),
  associate({
    id: 'websiteAssociateWorkstreamSummary',
    paths: ['/website/:website/workstream_summaries/associate/:workstream_summary'],
    params: { website: 'website', workstream_summary: 'workstreamSummary' },
    relation: ['website', 'summaries'],
  }),
  disassociate({
    id: 'websiteDisassociateWorkstreamSummary',
    paths: ['/website/:website/workstream_summaries/disassociate/:workstream_summary'],
    params: { website: 'website', workstream_summary: 'workstreamSummary' },
    relation: ['website', 'summaries'],
  }),
  associate({
    id: 'websiteAssociatePerson',
    paths: ['/website/:website/persons/associate/:person'],
    params: { website: 'website', person: 'person' },
    relation: ['person', 'websites'],
  }),
  disassociate({
    id: 'websiteDisassociatePerson',
    paths: ['/website/:website/persons/disassociate/:person'],
    params: { website: 'website', person: 'person' },
    relation: ['person', 'websites'],
  }),
  associate({
    id: 'websiteAssociateWorkstreamEvent',
    paths: ['/website/:website/workstream_events/associate/:workstream_event'],
    params: { website: 'website', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'websites'],
  }),
  disassociate({
    id: 'websiteDisassociateWorkstreamEvent',
    paths: ['/website/:website/workstream_events/disassociate/:workstream_event'],
    params: { website: 'website', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'websites'],
  }),
  associate({
    id: 'websiteAssociateWorkstreamPatternEngineSource',
    paths: ['/website/:website/workstream_pattern_engine/sources/associate/:source'],
    params: { website: 'website', source: 'source' },
    relation: ['source', 'websites'],
  }),
  disassociate({
    id: 'websiteDisassociateWorkstreamPatternEngineSource',
    paths: ['/website/:website/workstream_pattern_engine/sources/disassociate/:source'],
    params: { website: 'website', source: 'source' },
    relation: ['source', 'websites'],
  }),
  associate({
    id: 'websiteAssociateWorkstreamPatternEngineSourceWindow',
    paths: ['/website/:website/workstream_pattern_engine/source_windows/associate/:source_window'],
    params: { website: 'website', source_window: 'sourceWindow' },
    relation: ['sourceWindow', 'websites'],
  }),
  disassociate({
    id: 'websiteDisassociateWorkstreamPatternEngineSourceWindow',
    paths: ['/website/:website/workstream_pattern_engine/source_windows/disassociate/:source_window'],
    params: { website: 'website', source_window: 'sourceWindow' },
    relation: ['sourceWindow', 'websites'],
  }),
]

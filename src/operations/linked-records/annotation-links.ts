import { assetEvent } from '../assets/asset-link-events.js'
import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 18 link routes of the client's AnnotationApi, from the annotation side: each
 * changes the same link on both records as the other side's route does,
 * with the same activity where the other side logs one.
 *
 * @example
 * routeTable() // holds these
 */
export const annotationLinksOperations: readonly Operation[] = [
  associate({
    id: 'annotationAssociateAnchor',
    paths: ['/annotation/:annotation/anchors/associate/:anchor'],
    params: { annotation: 'annotation', anchor: 'anchor' },
    relation: ['anchor', 'annotations'],
  }),
  disassociate({
    id: 'annotationDisassociateAnchor',
    paths: ['/annotation/:annotation/anchors/disassociate/:anchor'],
    params: { annotation: 'annotation', anchor: 'anchor' },
    relation: ['anchor', 'annotations'],
  }),
  associate({
    id: 'annotationAssociateAsset',
    paths: ['/annotation/:annotation/assets/associate/:asset'],
    params: { annotation: 'annotation', asset: 'asset' },
    relation: ['asset', 'annotations'],
    also: assetEvent('annotationAdded'),
  }),
  disassociate({
    id: 'annotationDisassociateAsset',
    paths: ['/annotation/:annotation/assets/disassociate/:asset'],
    params: { annotation: 'annotation', asset: 'asset' },
    relation: ['asset', 'annotations'],
    also: assetEvent('annotationDeleted'),
  }),
  associate({
    id: 'annotationAssociateConversation',
    paths: ['/annotation/:annotation/conversations/associate/:conversation'],
    params: { annotation: 'annotation', conversation: 'conversation' },
    relation: ['conversation', 'annotations'],
  }),
  disassociate({
    id: 'annotationDisassociateConversation',
    paths: ['/annotation/:annotation/conversations/disassociate/:conversation'],
    params: { annotation: 'annotation', conversation: 'conversation' },
    relation: ['conversation', 'annotations'],
  }),
  associate({
    id: 'annotationAssociateConversationMessage',
    paths: ['/annotation/:annotation/messages/associate/:message'],
    params: { annotation: 'annotation', message: 'message' },
    relation: ['message', 'annotations'],
  }),
  disassociate({
    id: 'annotationDisassociateConversationMessage',
    paths: ['/annotation/:annotation/messages/disassociate/:message'],
    params: { annotation: 'annotation', message: 'message' },
    relation: ['message', 'annotations'],
  }),
  associate({
    id: 'annotationAssociateTag',
    paths: ['/annotation/:annotation/tags/associate/:tag'],
    params: { annotation: 'annotation', tag: 'tag' },
    relation: ['annotation', 'tags'],
  }),
  disassociate({
    id: 'annotationDisassociateTag',
    paths: ['/annotation/:annotation/tags/disassociate/:tag'],
    params: { annotation: 'annotation', tag: 'tag' },
    relation: ['annotation', 'tags'],
  }),
  associate({
    id: 'annotationAssociateWebsite',
    paths: ['/annotation/:annotation/websites/associate/:website'],
    params: { annotation: 'annotation', website: 'website' },
    relation: ['annotation', 'websites'],
  }),
  disassociate({
    id: 'annotationDisassociateWebsite',
    paths: ['/annotation/:annotation/websites/disassociate/:website'],
    params: { annotation: 'annotation', website: 'website' },
    relation: ['annotation', 'websites'],
  }),
  associate({
    id: 'annotationAssociateWorkstreamSummary',
    paths: ['/annotation/:annotation/workstream_summaries/associate/:workstream_summary'],
    params: { annotation: 'annotation', workstream_summary: 'workstreamSummary' },
    relation: ['annotation', 'summaries'],
  }),
  disassociate({
    id: 'annotationDisassociateWorkstreamSummary',
    paths: ['/annotation/:annotation/workstream_summaries/disassociate/:workstream_summary'],
    params: { annotation: 'annotation', workstream_summary: 'workstreamSummary' },
    relation: ['annotation', 'summaries'],
  }),
  associate({
    id: 'annotationAssociatePerson',
    paths: ['/annotation/:annotation/persons/associate/:person'],
    params: { annotation: 'annotation', person: 'person' },
    relation: ['person', 'annotations'],
  }),
  disassociate({
    id: 'annotationDisassociatePerson',
    paths: ['/annotation/:annotation/persons/disassociate/:person'],
    params: { annotation: 'annotation', person: 'person' },
    relation: ['person', 'annotations'],
  }),
  associate({
    id: 'annotationAssociateWorkstreamEvent',
    paths: ['/annotation/:annotation/workstream_events/associate/:workstream_event'],
    params: { annotation: 'annotation', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'annotations'],
  }),
  disassociate({
    id: 'annotationDisassociateWorkstreamEvent',
    paths: ['/annotation/:annotation/workstream_events/disassociate/:workstream_event'],
    params: { annotation: 'annotation', workstream_event: 'workstreamEvent' },
    relation: ['workstreamEvent', 'annotations'],
  }),
]

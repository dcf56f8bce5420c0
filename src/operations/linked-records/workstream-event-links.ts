import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 18 link routes of the client's WorkstreamEventApi between stored
 * kinds, from the workstream event side: each changes the same link on both
 * records as the other side's route does.
 *
 * @example
 * routeTable() // holds these
 */
export const workstreamEventLinksOperations: readonly Operation[] = [
  associate({
    id: 'workstreamEventAssociateAnchor',
    paths: ['/workstream_event/:workstream_event/anchors/associate/:anchor'],
    params: { workstream_event: 'workstreamEvent', anchor: 'anchor' },
    relation: ['workstreamEvent', 'anchors'],
  }),
  disassociate({
    id: 'workstreamEventDisassociateAnchor',
    paths: ['/workstream_event/:workstream_event/anchors/disassociate/:anchor'],
    params: { workstream_event: 'workstreamEvent', anchor: 'anchor' },
    relation: ['workstreamEvent', 'anchors'],
  }),
  associate({
    id: 'workstreamEventAssociateAnnotation',
    paths: ['/workstream_event/:workstream_event/annotations/associate/:annotation'],
    params: { workstream_event: 'workstreamEvent', annotation: 'annotation' },
    relation: ['workstreamEvent', 'annotations'],
  }),
  disassociate({
    id: 'workstreamEventDisassociateAnnotation',
    paths: ['/workstream_event/:workstream_event/annotations/disassociate/:annotation'],
    params: { workstream_event: 'workstreamEvent', annotation: 'annotation' },
    relation: ['workstreamEvent', 'annotations'],
  }),
  associate({
    id: 'workstreamEventAssociateConversationMessage',
    paths: ['/workstream_event/:workstream_event/messages/associate/:message'],
    params: { workstream_event: 'workstreamEvent', message: 'message' },
    relation: ['workstreamEvent', 'messages'],
  }),
  disassociate({
    id: 'workstreamEventDisassociateConversationMessage',
    paths: ['/workstream_event/:workstream_event/messages/disassociate/:message'],
    params: { workstream_event: 'workstreamEvent', message: 'message' },
    relation: ['workstreamEvent', 'messages'],
  }),
  associate({
    id: 'workstreamEventAssociatePerson',
    paths: ['/workstream_event/:workstream_event/persons/associate/:person'],
    params: { workstream_event: 'workstreamEvent', person: 'person' },
    relation: ['person', 'workstreamEvents'],
  }),
  disassociate({
    id: 'workstreamEventDisassociatePerson',
    paths: ['/workstream_event/:workstream_event/persons/disassociate/:person'],
    params: { workstream_event: 'workstreamEvent', person: 'person' },
    relation: ['person', 'workstreamEvents'],
  }),
  associate({
    id: 'workstreamEventAssociateTag',
    paths: ['/workstream_event/:workstream_event/tags/associate/:tag'],
    params: { workstream_event: 'workstreamEvent', tag: 'tag' },
    relation: ['workstreamEvent', 'tags'],
  }),
  disassociate({
    id: 'workstreamEventDisassociateTag',
    paths: ['/workstream_event/:workstream_event/tags/disassociate/:tag'],
    params: { workstream_event: 'workstreamEvent', tag: 'tag' },
    relation: ['workstreamEvent', 'tags'],
  }),
  associate({
    id: 'workstreamEventAssociateWebsite',
    paths: ['/workstream_event/:workstream_event/websites/associate/:website'],
    params: { workstream_event: 'workstreamEvent', website: 'website' },
    relation: ['workstreamEvent', 'websites'],
  }),
  disassociate({
    id: 'workstreamEventDisassociateWebsite',
    paths: ['/workstream_event/:workstream_event/websites/disassociate/:website'],
    params: { workstream_event: 'workstreamEvent', website: 'website' },
    relation: ['workstreamEvent', 'websites'],
  }),
  associate({
    id: 'workstreamEventAssociateWorkstreamSummary',
    paths: ['/workstream_event/:workstream_event/workstream_summaries/associate/:workstream_summary'],
    params: { workstream_event: 'workstreamEvent', workstream_summary: 'workstreamSummary' },
    relation: ['workstreamEvent', 'summaries'],
  }),
  disassociate({
    id: 'workstreamEventDisassociateWorkstreamSummary',
    paths: ['/workstream_event/:workstream_event/workstream_summaries/disassociate/:workstream_summary'],
    params: { workstream_event: 'workstreamEvent', workstream_summary: 'workstreamSummary' },
    relation: ['workstreamEvent', 'summaries'],
  }),
  associate({
    id: 'workstreamEventAssociateWorkstreamPatternEngineSource',
    paths: ['/workstream_event/:workstream_event/workstream_pattern_engine/sources/associate/:source'],
    params: { workstream_event: 'workstreamEvent', source: 'source' },
    relation: ['source', 'workstreamEvents'],
  }),
  disassociate({
    id: 'workstreamEventDisassociateWorkstreamPatternEngineSource',
    paths: ['/workstream_event/:workstream_event/workstream_pattern_engine/sources/disassociate/:source'],
    params: { workstream_event: 'workstreamEvent', source: 'source' },
    relation: ['source', 'workstreamEvents'],
  }),
  associate({
    id: 'workstreamEventAssociateSourceWindow',
    paths: ['/workstream_event/:workstream_event/workstream_pattern_engine/source_windows/associate/:source_window'],
    params: { workstream_event: 'workstreamEvent', source_window: 'sourceWindow' },
    relation: ['sourceWindow', 'workstreamEvents'],
  }),
  disassociate({
    id: 'workstreamEventDisassociateSourceWindow',
    paths: ['/workstream_event/:workstream_event/workstream_pattern_engine/source_windows/disassociate/:source_window'],
    params: { workstream_event: 'workstreamEvent', source_window: 'sourceWindow' },
    relation: ['sourceWindow', 'workstreamEvents'],
  }),
]

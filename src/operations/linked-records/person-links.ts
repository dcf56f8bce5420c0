import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The 20 link routes of the client's PersonApi between stored kinds, from the
 * person side: each changes the same link on both records as the other
 * side's route does. A person linked with another (`additional_person`)
 * holds it in `persons`, and so does the other.
 *
 * @example
 * routeTable() // holds these
 */
export const personLinksOperations: readonly Operation[] = [
  associate({
    id: 'personAssociateAdditionalPerson',
    paths: ['/person/:person/persons/associate/:additional_person'],
    params: { person: 'person', additional_person: 'person' },
    relation: ['person', 'persons'],
  }),
  disassociate({
    id: 'personDisassociateAdditionalPerson',
    paths: ['/person/:person/persons/disassociate/:additional_person'],
    params: { person: 'person', additional_person: 'person' },
    relation: ['person', 'persons'],
  }),
  associate({
    id: 'personAssociateAnchor',
    paths: ['/person/:person/anchors/associate/:anchor'],
    params: { person: 'person', anchor: 'anchor' },
    relation: ['person', 'anchors'],
  }),
  disassociate({
    id: 'personDisassociateAnchor',
    paths: ['/person/:person/anchors/disassociate/:anchor'],
    params: { person: 'person', anchor: 'anchor' },
    relation: ['person', 'anchors'],
  }),
  associate({
    id: 'personAssociateAnnotation',
    paths: ['/person/:person/annotations/associate/:annotation'],
    params: { person: 'person', annotation: 'annotation' },
    relation: ['person', 'annotations'],
  }),
  disassociate({
    id: 'personDisassociateAnnotation',
    paths: ['/person/:person/annotations/disassociate/:annotation'],
    params: { person: 'person', annotation: 'annotation' },
    relation: ['person', 'annotations'],
  }),
  associate({
    id: 'personAssociateAsset',
    paths: ['/person/:person/assets/associate/:asset'],
    params: { person: 'person', asset: 'asset' },
    relation: ['person', 'assets'],
  }),
  disassociate({
    id: 'personDisassociateAsset',
    paths: ['/person/:person/assets/disassociate/:asset'],
    params: { person: 'person', asset: 'asset' },
    relation: ['person', 'assets'],
  }),
  associate({
    id: 'personAssociateMessage',
    paths: ['/person/:person/messages/associate/:message'],
    params: { person: 'person', message: 'message' },
    relation: ['person', 'messages'],
  }),
  disassociate({
    id: 'personDisassociateMessage',
    paths: ['/person/:person/messages/disassociate/:message'],
    params: { person: 'person', message: 'message' },
    relation: ['person', 'messages'],
  }),
  associate({
    id: 'personAssociateTag',
    paths: ['/person/:person/tags/associate/:tag'],
    params: { person: 'person', tag: 'tag' },
    relation: ['person', 'tags'],
  }),
  disassociate({
    id: 'personDisassociateTag',
    paths: ['/person/:person/tags/disassociate/:tag'],
    params: { person: 'person', tag: 'tag' },
    relation: ['person', 'tags'],
  }),
  associate({
    id: 'personAssociateWebsite',
    paths: ['/person/:person/websites/associate/:website'],
    params: { person: 'person', website: 'website' },
    relation: ['person', 'websites'],
  }),
  disassociate({
    id: 'personDisassociateWebsite',
    paths: ['/person/:person/websites/disassociate/:website'],
    params: { person: 'person', website: 'website' },
    relation: ['person', 'websites'],
  }),
  associate({
    id: 'personAssociateWorkstreamEvent',
    paths: ['/person/:person/workstream_events/associate/:workstream_event'],
    params: { person: 'person', workstream_event: 'workstreamEvent' },
    relation: ['person', 'workstreamEvents'],
  }),
  disassociate({
    id: 'personDisassociateWorkstreamEvent',
    paths: ['/person/:person/workstream_events/disassociate/:workstream_event'],
    params: { person: 'person', workstream_event: 'workstreamEvent' },
    relation: ['person', 'workstreamEvents'],
  }),
  associate({
    id: 'personAssociateWorkstreamSummary',
    paths: ['/person/:person/workstream_summaries/associate/:workstream_summary'],
    params: { person: 'person', workstream_summary: 'workstreamSummary' },
    relation: ['person', 'summaries'],
  }),
  disassociate({
    id: 'personDisassociateWorkstreamSummary',
    paths: ['/person/:person/workstream_summaries/disassociate/:workstream_summary'],
    params: { person: 'person', workstream_summary: 'workstreamSummary' },
    relation: ['person', 'summaries'],
  }),
  associate({
    id: 'personAssociateWorkstreamPatternEngineSource',
    paths: ['/person/:person/workstream_pattern_engine/sources/associate/:source'],
    params: { person: 'person', source: 'source' },
    relation: ['source', 'persons'],
  }),
  disassociate({
    id: 'personDisassociateWorkstreamPatternEngineSource',
    paths: ['/person/:person/workstream_pattern_engine/sources/disassociate/:source'],
    params: { person: 'person', source: 'source' },
    relation: ['source', 'persons'],
  }),
]

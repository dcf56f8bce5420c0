import type { Operation } from '../define/define-operation.js'
import { associate, disassociate } from '../define/link-operation.js'

/**
 * The link routes of the client's WorkstreamPatternEngineSourceWindowApi,
 * from the window side: tags, websites and workstream events, each changed on both records as
 * the other side's route does.
 *
 * @example
 * routeTable() // holds these
 */
export const sourceWindowLinksOperations: readonly Operation[] = [
  associate({
    id: 'workstreamPatternEngineSourceWindowAssociateTag',
    paths: ['/workstream_pattern_engine/source_window/:source_window/tags/associate/:tag'],
    params: { source_window: 'sourceWindow', tag: 'tag' },
    relation: ['sourceWindow', 'tags'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceWindowDisassociateTag',
    paths: ['/workstream_pattern_engine/source_window/:source_window/tags/disassociate/:tag'],
    params: { source_window: 'sourceWindow', tag: 'tag' },
    relation: ['sourceWindow', 'tags'],
  }),
  associate({
    id: 'workstreamPatternEngineSourceWindowAssociateWebsite',
    paths: ['/workstream_pattern_engine/source_window/:source_window/websites/associate/:website'],
    params: { source_window: 'sourceWindow', website: 'website' },
    relation: ['sourceWindow', 'websites'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceWindowDisassociateWebsite',
    paths: ['/workstream_pattern_engine/source_window/:source_window/websites/disassociate/:website'],
    params: { source_window: 'sourceWindow', website: 'website' },
    relation: ['sourceWindow', 'websites'],
  }),
  associate({
    id: 'workstreamPatternEngineSourceWindowAssociateWorkstreamEvent',
    paths: ['/workstream_pattern_engine/source_window/:source_window/workstream_events/associate/:workstream_event'],
    params: { source_window: 'sourceWindow', workstream_event: 'workstreamEvent' },
    relation: ['sourceWindow', 'workstreamEvents'],
  }),
  disassociate({
    id: 'workstreamPatternEngineSourceWindowDisassociateWorkstreamEvent',
    paths: ['/workstream_pattern_engine/source_window/:source_window/workstream_events/disassociate/:workstream_event'],
    params: { source_window: 'sourceWindow', workstream_event: 'workstreamEvent' },
    relation: ['sourceWindow', 'workstreamEvents'],
  }),
]

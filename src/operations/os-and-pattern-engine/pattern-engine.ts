import { defineOperation, type Operation } from '../define/define-operation.js'

/** The run bodies, loaded on the first call of one of these operations. */
const runs = () => import('./machine-runs.js')

/**
 * The pattern engine beside long-term memory's vision processor
 * (WorkstreamPatternEngineApi, WorkstreamApi): ingestions, the processors'
 * sources, the vision calibrations captured (the `patternEngine` part), the
 * vision events (the workstream events long-term memory read on screen, by
 * their ids): listed, read, searched, deleted one by one, by scope or by time
 * range, their metadata, and the workstream suggestions refreshed (the
 * `workstreamSuggestions` part; their stream is `/workstream/suggestions/stream`).
 *
 * @example
 * routeTable() // holds these
 */
export const patternEngineOperations: readonly Operation[] = [
  defineOperation({
    id: 'workstreamPatternEngineCreateIngestion',
    method: 'POST',
    paths: ['/workstream_pattern_engine/ingestions/create'],
    params: {},
    run: async (context) => (await runs()).createIngestion(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsSources',
    method: 'GET',
    paths: ['/workstream_pattern_engine/processors/sources'],
    params: {},
    run: async (context) => (await runs()).processorSources(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionCalibrationsSnapshot',
    method: 'GET',
    paths: ['/workstream_pattern_engine/processors/vision/calibrations'],
    params: {},
    run: async (context) => (await runs()).calibrationsSnapshot(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionCalibrationsFocused',
    method: 'GET',
    paths: ['/workstream_pattern_engine/processors/vision/calibrations/focused'],
    params: {},
    run: async (context) => (await runs()).calibrationFocused(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionDataClear',
    method: 'POST',
    paths: ['/workstream_pattern_engine/processors/vision/data/clear'],
    params: {},
    body: 'optional',
    run: async (context) => (await runs()).dataClear(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionEventsSnapshot',
    method: 'GET',
    paths: ['/workstream_pattern_engine/processors/vision/data/events'],
    params: {},
    run: async (context) => (await runs()).eventsSnapshot(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionEventsSpecificSnapshot',
    method: 'GET',
    paths: ['/workstream_pattern_engine/processors/vision/data/events/:vision_event'],
    params: { vision_event: 'workstreamEvent' },
    run: async (context) => (await runs()).eventSnapshot(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionEventDeleteSpecificVisionEvent',
    method: 'POST',
    paths: ['/workstream_pattern_engine/processors/vision/data/events/:vision_event/delete'],
    params: { vision_event: 'workstreamEvent' },
    body: 'none',
    run: async (context) => (await runs()).eventDelete(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionEventsScopedDelete',
    method: 'POST',
    paths: ['/workstream_pattern_engine/processors/vision/data/events/scoped_delete'],
    params: {},
    run: async (context) => (await runs()).eventsScopedDelete(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionEventsSearch',
    method: 'POST',
    paths: ['/workstream_pattern_engine/processors/vision/data/events/search'],
    params: {},
    run: async (context) => (await runs()).eventsSearch(context),
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionMetadata',
    method: 'GET',
    paths: ['/workstream_pattern_engine/processors/vision/metadata'],
    params: {},
    run: async (context) => (await runs()).visionMetadata(context),
  }),
  defineOperation({
    id: 'workstreamSuggestionsRefresh',
    method: 'POST',
    paths: ['/workstream/suggestions/refresh'],
    params: {},
    run: async (context) => (await runs()).suggestionsRefresh(context),
  }),
]

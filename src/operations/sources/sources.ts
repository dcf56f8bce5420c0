import { createSource, updateSource } from '../../domain/source-writes.js'
import { seededSourceInput, sourceUpdateInput } from '../../domain/inputs/source-inputs.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import {
  deleteOperation,
  listOperation,
  requireBody,
  scoresIncrementOperation,
  snapshotOperation,
} from '../define/record-routes.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { searchOperation } from '../search/search-operation.js'

/**
 * The workstream pattern engine's sources, their own routes
 * (WorkstreamPatternEngineSourceApi and WorkstreamPatternEngineSourcesApi):
 * the list, one source, create, update, delete, score increment and search.
 * Deleting a source leaves the windows alone: the client's models link no
 * window to a source.
 *
 * @example
 * routeTable() // holds these
 */
export const sourcesOperations: readonly Operation[] = [
  listOperation('workstreamPatternEngineSourcesSnapshot', '/workstream_pattern_engine/sources', 'source'),
  snapshotOperation({
    id: 'workstreamPatternEngineSourcesSpecificSourceSnapshot',
    paths: ['/workstream_pattern_engine/source/:source'],
    param: 'source',
    kind: 'source',
    gone: 'WorkstreamPatternEngineSource not found.',
  }),
  defineOperation({
    id: 'workstreamPatternEngineSourcesCreateNewSource',
    method: 'POST',
    paths: ['/workstream_pattern_engine/sources/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededWorkstreamPatternEngineSource')
      const seed = parseBody(seededSourceInput, context.request.body, 'SeededWorkstreamPatternEngineSource')
      const wire = wireContext(context)
      const source = await context.store.write((tx) => createSource(tx, seed))
      return json(wire.render('source', source))
    },
  }),
  defineOperation({
    id: 'workstreamPatternEngineSourceUpdate',
    method: 'POST',
    paths: ['/workstream_pattern_engine/source/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'IdentifiedWorkstreamPatternEngineSource')
      const input = parseBody(sourceUpdateInput, context.request.body, 'IdentifiedWorkstreamPatternEngineSource')
      const wire = wireContext(context)
      const source = await context.store.write((tx) => updateSource(tx, input))
      return json(wire.render('source', source))
    },
  }),
  deleteOperation({
    id: 'workstreamPatternEngineSourcesDeleteSpecificSource',
    paths: ['/workstream_pattern_engine/sources/:source/delete'],
    param: 'source',
    kind: 'source',
  }),
  scoresIncrementOperation({
    id: 'workstreamPatternEngineSourceScoresIncrement',
    paths: ['/workstream_pattern_engine/source/:source/scores/increment'],
    param: 'source',
    kind: 'source',
    keys: ['workstream_pattern_engine_source', 'workstream_pattern_engine_sources'],
  }),
  searchOperation({
    id: 'workstreamPatternEngineSearchSources',
    paths: ['/workstream_pattern_engine/sources/search'],
    kind: 'source',
    key: 'workstreamPatternEngineSource',
    texts: (source) => [source.readable, source.raw.name, source.raw.window, source.raw.url, source.raw.application],
  }),
]

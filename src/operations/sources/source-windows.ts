import { createSourceWindow, updateSourceWindow } from '../../domain/source-writes.js'
import { seededSourceWindowInput, sourceWindowUpdateInput } from '../../domain/inputs/source-inputs.js'
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
 * The windows the workstream pattern engine saw, their own routes
 * (WorkstreamPatternEngineSourceWindowApi and WorkstreamPatternEngineSourceWindowsApi):
 * the list, one window, create, update, delete, score increment and search.
 *
 * @example
 * routeTable() // holds these
 */
export const sourceWindowsOperations: readonly Operation[] = [
  listOperation(
    'workstreamPatternEngineSourceWindowsSnapshot',
    '/workstream_pattern_engine/source_windows',
    'sourceWindow',
  ),
  snapshotOperation({
    id: 'workstreamPatternEngineSourceWindowSpecificSourceWindowSnapshot',
    paths: ['/workstream_pattern_engine/source_window/:source_window'],
    param: 'source_window',
    kind: 'sourceWindow',
    gone: 'WorkstreamPatternEngineSourceWindow not found.',
  }),
  defineOperation({
    id: 'workstreamPatternEngineSourceWindowCreateNewSourceWindow',
    method: 'POST',
    paths: ['/workstream_pattern_engine/source_windows/create'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'SeededWorkstreamPatternEngineSourceWindow')
      const seed = parseBody(seededSourceWindowInput, context.request.body, 'SeededWorkstreamPatternEngineSourceWindow')
      const wire = wireContext(context)
      const window = await context.store.write((tx) => createSourceWindow(tx, seed))
      return json(wire.render('sourceWindow', window))
    },
  }),
  defineOperation({
    id: 'workstreamPatternEngineSourceWindowUpdate',
    method: 'POST',
    paths: ['/workstream_pattern_engine/source_window/update'],
    params: {},
    async run(context) {
      requireBody(context.request.body, 'WorkstreamPatternEngineSourceWindow')
      const input = parseBody(sourceWindowUpdateInput, context.request.body, 'WorkstreamPatternEngineSourceWindow')
      const wire = wireContext(context)
      const window = await context.store.write((tx) => updateSourceWindow(tx, input))
      return json(wire.render('sourceWindow', window))
    },
  }),
  deleteOperation({
    id: 'workstreamPatternEngineSourceWindowDeleteSpecificSourceWindow',
    paths: ['/workstream_pattern_engine/source_windows/:source_window/delete'],
    param: 'source_window',
    kind: 'sourceWindow',
  }),
  scoresIncrementOperation({
    id: 'workstreamPatternEngineSourceWindowScoresIncrement',
    paths: ['/workstream_pattern_engine/source_window/:source_window/scores/increment'],
    param: 'source_window',
    kind: 'sourceWindow',
    keys: ['workstream_pattern_engine_source_window', 'workstream_pattern_engine_source_windows'],
  }),
  searchOperation({
    id: 'workstreamPatternEngineSourceWindowsSearch',
    paths: ['/workstream_pattern_engine/source_windows/search'],
    kind: 'sourceWindow',
    key: 'workstreamPatternEngineSourceWindow',
    texts: (window) => [window.name],
  }),
]

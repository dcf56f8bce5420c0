import { visionStatusInput } from '../../domain/machine/vision-processor.js'
import { buildVisionStatus } from '../../wire/records/vision-status.js'
import { defineOperation, json, type Operation } from '../define/define-operation.js'
import { machineOf } from './machine-context.js'
import { parseBody, wireContext } from '../define/request-input.js'
import { captureCalibration } from '../../domain/machine/os-parts/pattern-engine-part.js'

/**
 * Long-term memory, the vision processor (WorkstreamPatternEngineApi): its
 * status, turned on and off, and the calibration capture (kept in the
 * `patternEngine` machine part). Every change goes
 * out on the vision status stream, and the snapshot agrees with it; the on/off
 * state is the `longTermMemory` machine part.
 *
 * @example
 * routeTable() // holds these
 */
export const visionOperations: readonly Operation[] = [
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionStatus',
    method: 'GET',
    paths: ['/workstream_pattern_engine/processors/vision/status'],
    params: {},
    live: true,
    run(context) {
      return json(buildVisionStatus(machineOf(context).vision.state(), wireContext(context)))
    },
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionActivate',
    method: 'POST',
    paths: ['/workstream_pattern_engine/processors/vision/activate'],
    params: {},
    async run(context) {
      const input = parseBody(visionStatusInput, context.request.body, 'WorkstreamPatternEngineStatus')
      return json(buildVisionStatus(await machineOf(context).vision.activate(input), wireContext(context)))
    },
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionDeactivate',
    method: 'POST',
    paths: ['/workstream_pattern_engine/processors/vision/deactivate'],
    params: {},
    async run(context) {
      const input = parseBody(visionStatusInput, context.request.body, 'WorkstreamPatternEngineStatus')
      return json(buildVisionStatus(await machineOf(context).vision.deactivate(input), wireContext(context)))
    },
  }),
  defineOperation({
    id: 'workstreamPatternEngineProcessorsVisionCalibrationCapture',
    method: 'POST',
    paths: ['/workstream_pattern_engine/processors/vision/calibration/capture'],
    params: {},
    body: 'none',
    async run(context) {
      const wire = wireContext(context)
      const calibration = await context.store.write((tx) => captureCalibration(tx))
      return json({ foreground: calibration.foreground, captured: wire.timestamp(calibration.captured) })
    },
  }),
]

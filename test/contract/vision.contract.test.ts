import {
  Configuration,
  WorkstreamPatternEngineApi,
  WorkstreamPatternEngineStatusToJSON,
  WorkstreamPatternEngineVisionCalibrationToJSON,
  type WorkstreamPatternEngineStatus,
} from '@pieces.app/pieces-os-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { streamRuntimes, type StreamRuntime, type TestSocket } from '../events/stream-runtimes.js'
import { checkModel } from './check-model.js'
import { callAndCheck, failure } from './client-call.js'

/*
 * Long-term memory as the Python SDK wrapper and the CLI drive it: the status
 * snapshot it reads on every frame of the vision status stream, turned on
 * (`ask --ltm`) and off (`pause`), and the calibration capture.
 */

type VisionFrame = { vision?: { activation?: object; deactivation?: { to?: { value: string } } } }

describe.each(streamRuntimes)('long-term memory through the official client, $name', ({ start }) => {
  let mock: StreamRuntime
  const sockets: TestSocket[] = []
  const api = () => new WorkstreamPatternEngineApi(new Configuration({ basePath: mock.baseUrl }))
  const openStatusStream = () => {
    const client = mock.open<VisionFrame>(mock.streamUrls.visionStatus)
    sockets.push(client.socket)
    return client
  }

  beforeAll(async () => {
    mock = await start()
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close()
    await mock.reset()
  })
  afterAll(() => mock.close())

  it('starts off: the snapshot has a deactivation and no activation, and the stream says the same', async () => {
    const { value } = await callAndCheck(
      api().workstreamPatternEngineProcessorsVisionStatusRaw(),
      'WorkstreamPatternEngineStatus',
      WorkstreamPatternEngineStatusToJSON,
    )
    expect(value.vision?.activation).toBeUndefined()
    expect(value.vision?.deactivation).toEqual({ continuous: true })
    const first = await openStatusStream().frames.next()
    expect(first).toEqual(WorkstreamPatternEngineStatusToJSON(value))
  })

  it('turns on with the body the CLI sends, and the stream sends a frame the snapshot agrees with', async () => {
    const { frames, opened } = openStatusStream()
    await opened
    await frames.next()
    const body: WorkstreamPatternEngineStatus = { vision: { activation: { continuous: true } } }
    const { value } = await callAndCheck(
      api().workstreamPatternEngineProcessorsVisionActivateRaw({ workstreamPatternEngineStatus: body }),
      'WorkstreamPatternEngineStatus',
      WorkstreamPatternEngineStatusToJSON,
    )
    expect(value.vision?.activation).toEqual({ continuous: true })
    const frame = await frames.next((next) => next.vision?.activation !== undefined)
    expect(checkModel(frame, 'WorkstreamPatternEngineStatus')).toEqual([])
    const snapshot = await api().workstreamPatternEngineProcessorsVisionStatus()
    expect(WorkstreamPatternEngineStatusToJSON(snapshot)).toEqual(frame)
    // The Python SDK's `is_enabled`: an activation is there.
    expect(snapshot.vision?.activation).toBeDefined()
  })

  it('pauses until a time, as the Python SDK does, and the stream sends that too', async () => {
    await api().workstreamPatternEngineProcessorsVisionActivate({})
    const { frames, opened } = openStatusStream()
    await opened
    await frames.next()
    const until = new Date('2030-01-01T10:00:00.000Z')
    const value = await api().workstreamPatternEngineProcessorsVisionDeactivate({
      workstreamPatternEngineStatus: { vision: { deactivation: { to: { value: until } } } },
    })
    expect(value.vision?.activation).toBeUndefined()
    expect(value.vision?.deactivation?.to?.value).toEqual(until)
    const frame = await frames.next((next) => next.vision?.deactivation?.to !== undefined)
    expect(frame.vision?.deactivation?.to?.value).toBe(until.toISOString())
  })

  it('refuses a range whose start is after its end, and stays as it was', async () => {
    const refused = await failure(
      api().workstreamPatternEngineProcessorsVisionActivate({
        workstreamPatternEngineStatus: {
          vision: { activation: { from: { value: new Date('2030-01-02') }, to: { value: new Date('2030-01-01') } } },
        },
      }),
    )
    expect(refused.status).toBe(500)
    expect(refused.text).toContain('vision.activation')
    expect((await api().workstreamPatternEngineProcessorsVisionStatus()).vision?.activation).toBeUndefined()
  })

  it('answers a calibration capture with the window in focus', async () => {
    const { value } = await callAndCheck(
      api().workstreamPatternEngineProcessorsVisionCalibrationCaptureRaw(),
      'WorkstreamPatternEngineVisionCalibration',
      WorkstreamPatternEngineVisionCalibrationToJSON,
    )
    expect(value.foreground).not.toBe('')
    expect(value.captured?.value).toBeInstanceOf(Date)
  })

  it('goes back off on reset', async () => {
    await api().workstreamPatternEngineProcessorsVisionActivate({})
    await mock.reset()
    expect((await api().workstreamPatternEngineProcessorsVisionStatus()).vision?.activation).toBeUndefined()
  })
})

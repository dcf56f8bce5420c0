import { describe, expect, it } from 'vitest'
import { copilotAnswers, createSessionFrameLog, type SessionFrames } from '../../src/control/journal/session-frames.js'
import { streamConnection } from '../../src/events/stream-connection.js'

const hooks = { now: () => new Date('2024-05-01T12:00:00.000Z') }
const texts = (kept: SessionFrames | undefined) => kept?.frames.map((frame) => frame.text)

describe('the frames of WebSocket sessions', () => {
  it("keeps each session's frames under its journal id, and counts the ones let go", () => {
    const log = createSessionFrameLog()
    const first = streamConnection(hooks, 'qgpt', '/qgpt/stream')
    const second = streamConnection(hooks, 'health', '/.well-known/stream/health')
    log.open(first, 1)
    log.open(second, 2)
    log.sent(first, 'a')
    log.sent(second, 'ok')
    log.sent(first, 'b')
    expect(texts(log.of(1))).toEqual(['a', 'b'])
    expect(log.of(1)!.dropped).toBe(0)
    expect(texts(log.of(2))).toEqual(['ok'])
    expect(log.of(3)).toBeUndefined()

    // 1 MiB in all: the oldest frames go first.
    const big = 'x'.repeat(2048)
    for (let n = 0; n < 600; n++) log.sent(second, big)
    expect(log.of(1)).toEqual({ frames: [], dropped: 2 })
    expect(log.of(2)!.frames.length).toBeLessThanOrEqual(512)
    expect(log.of(2)!.dropped).toBe(601 - log.of(2)!.frames.length)
  })

  it('lists the frames the client sent beside the ones it was sent, in order, each with its direction, time and size', () => {
    const log = createSessionFrameLog()
    const socket = streamConnection(hooks, 'qgpt', '/qgpt/stream')
    log.open(socket, 1)
    log.received(socket, '{"question":"héllo"}')
    log.sent(socket, 'ok')
    log.received(socket, 12)
    const { frames } = log.of(1)!
    expect(frames.map(({ direction, size, text, binary }) => ({ direction, size, text, binary }))).toEqual([
      { direction: 'received', size: 21, text: '{"question":"héllo"}', binary: undefined },
      { direction: 'sent', size: 2, text: 'ok', binary: undefined },
      { direction: 'received', size: 12, text: '', binary: true },
    ])
    expect(frames.every((frame, at) => frame.at >= 0 && frame.at >= (frames[at - 1]?.at ?? 0))).toBe(true)
  })

  it('holds the frames the client sends within the same bounds, each cut at 2 KiB', () => {
    const log = createSessionFrameLog()
    const socket = streamConnection(hooks, 'qgpt', '/qgpt/stream')
    log.open(socket, 1)
    for (let n = 0; n < 3000; n++) log.received(socket, 'y'.repeat(5000))
    const kept = log.of(1)!
    expect(kept.frames.length + kept.dropped).toBe(3000)
    expect(kept.frames[0]!.text).toBe(`${'y'.repeat(2048)}…`)
    expect(kept.frames[0]!.size).toBe(5000)
    expect(log.bytes).toBeLessThanOrEqual(1024 * 1024)
  })

  it("reads copilot answers as text: each answer's chunks joined, with its last status", () => {
    const frame = (status: string, text?: string) =>
      JSON.stringify({
        request: 'r1',
        conversation: 'c1',
        status,
        ...(text !== undefined && { question: { answers: { iterable: [{ score: 1, text }] } } }),
      })
    expect(
      copilotAnswers([
        frame('INITIALIZED'),
        frame('IN-PROGRESS', 'Use a '),
        frame('IN-PROGRESS', 'hook.'),
        frame('COMPLETED'),
        'ok',
      ]),
    ).toEqual([{ request: 'r1', conversation: 'c1', status: 'COMPLETED', text: 'Use a hook.' }])
  })
})

import { describe, expect, it } from 'vitest'
import { copilotAnswers, createSessionFrameLog } from '../../src/control/journal/session-frames.js'
import { streamConnection } from '../../src/events/stream-connection.js'

const hooks = { now: () => new Date('2024-05-01T12:00:00.000Z') }

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
    expect(log.of(1)).toEqual({ texts: ['a', 'b'], dropped: 0 })
    expect(log.of(2)).toEqual({ texts: ['ok'], dropped: 0 })
    expect(log.of(3)).toBeUndefined()

    // 1 MiB in all: the oldest frames go first.
    const big = 'x'.repeat(2048)
    for (let n = 0; n < 600; n++) log.sent(second, big)
    expect(log.of(1)).toEqual({ texts: [], dropped: 2 })
    expect(log.of(2)!.texts.length).toBeLessThanOrEqual(512)
    expect(log.of(2)!.dropped).toBe(601 - log.of(2)!.texts.length)
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

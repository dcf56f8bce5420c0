import { createMockService } from 'conversation-asset-mock'
import { describe, expect, it } from 'vitest'
import { httpReply } from '../../src/core/http-surface/http-reply.js'
import { createAnswerCache } from '../../src/execution/answer-cache.js'
import { headAnswer, type Answer } from '../../src/execution/answer.js'

/** A live answer whose stream says when it was cancelled. */
function liveAnswer(): { answer: Answer; cancelled: Promise<unknown> } {
  let cancel!: (reason: unknown) => void
  const cancelled = new Promise((resolve) => (cancel = resolve))
  const live = new ReadableStream<Uint8Array>({ cancel })
  return {
    answer: { status: 200, contentType: 'text/event-stream', headers: { 'cache-control': 'no-cache' }, live },
    cancelled,
  }
}

describe('a live answer (a stream written as it comes)', () => {
  it('is never kept by the read cache', async () => {
    const service = createMockService()
    await service.ready
    const cache = createAnswerCache(service.store)
    const { answer } = liveAnswer()
    const key = cache.keyOf('modelContextProtocolServerSentEvents', {}, new URLSearchParams())
    const now = service.clock.now().getTime()
    // Read twice: a JSON answer would be kept from its second read on.
    for (let read = 0; read < 2; read++)
      expect(await cache.read(key, now, async () => ({ answer, window: { from: 0, to: Infinity } }))).toBe(answer)
    expect(cache.peek(key, now)).toBeUndefined()
  })

  it('is replied with its own headers and content type beside the CORS headers, its stream as it is', () => {
    const { answer } = liveAnswer()
    const reply = httpReply(answer, true)
    expect(reply).toMatchObject({
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'access-control-allow-origin': '*' },
    })
    expect('live' in reply && reply.live).toBe((answer as { live: unknown }).live)
  })

  it('is answered to a HEAD with its status and headers, its stream cancelled', async () => {
    const { answer, cancelled } = liveAnswer()
    expect(headAnswer(answer)).toEqual({
      status: 200,
      contentType: 'text/event-stream',
      headers: { 'cache-control': 'no-cache' },
    })
    await cancelled
  })
})

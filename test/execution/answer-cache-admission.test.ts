import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/index.js'
import { createAnswerCache } from '../../src/execution/answer-cache.js'
import { bodyText, jsonAnswer, type Answer } from '../../src/execution/answer.js'

/** A read that builds a small JSON answer, counting its runs. */
function counted(value: unknown) {
  const run = async () => {
    run.runs++
    return { answer: jsonAnswer(200, value), window: { from: 0, to: Number.MAX_SAFE_INTEGER } }
  }
  run.runs = 0
  return run
}

/** The text of a JSON answer. */
function textOf(answer: Answer): string | undefined {
  return 'body' in answer && answer.body !== undefined ? bodyText(answer.body) : undefined
}

describe('the read cache keeps an answer from its key’s second read on', () => {
  it('keeps nothing of a key read once, so a start-up reading each record once keeps no bytes', async () => {
    const service = createMockService({ fixtures: {} })
    await service.ready
    const cache = createAnswerCache(service.store)
    const now = service.clock.now().getTime()
    for (let index = 0; index < 300; index++) {
      const key = cache.keyOf('asset_snapshot', { asset: `a${index}` }, new URLSearchParams())
      await cache.read(key, now, counted({ id: `a${index}` }))
      expect(cache.peek(key, now)).toBeUndefined()
    }
  })

  it('keeps the answer of a key read a second time, and gives it to the third read without running it', async () => {
    const service = createMockService({ fixtures: {} })
    await service.ready
    const cache = createAnswerCache(service.store)
    const now = service.clock.now().getTime()
    const key = cache.keyOf('asset_snapshot', { asset: 'a1' }, new URLSearchParams())
    const run = counted({ id: 'a1' })
    const first = await cache.read(key, now, run)
    const second = await cache.read(key, now, run)
    const third = await cache.read(key, now, run)
    expect(run.runs).toBe(2)
    expect(cache.peek(key, now)).toBe(third)
    for (const answer of [first, second, third]) expect(textOf(answer)).toBe('{"id":"a1"}')
  })

  it('keeps a key that was kept before a write from its first read after the write', async () => {
    const service = createMockService({ fixtures: {} })
    await service.ready
    const cache = createAnswerCache(service.store)
    const now = service.clock.now().getTime()
    const key = cache.keyOf('conversationsSnapshot', {}, new URLSearchParams())
    const run = counted({ iterable: [] })
    await cache.read(key, now, run)
    await cache.read(key, now, run)
    expect(cache.peek(key, now)).toBeDefined()
    await service.store.write((tx) =>
      tx.insert('conversation', {
        id: 'c1',
        type: 'COPILOT',
        created: '2024-05-01T11:58:00.000Z',
        updated: '2024-05-01T11:58:00.000Z',
      } as never),
    )
    expect(cache.peek(key, now)).toBeUndefined()
    await cache.read(key, now, run)
    expect(cache.peek(key, now)).toBeDefined()
  })
})

import { describe, expect, it } from 'vitest'
import { createMockService } from '../../src/core/create-mock-service.js'
import { closestNames, editDistance, MAX_SUGGESTED_NAME_LENGTH } from '../../src/routes/closest-names.js'
import { send, statusOf, textOf } from './in-process.js'

/**
 * A regression guard, not a speed target: before the search was bounded, one
 * such request held the server for over 90 s. The cap is generous so a slow
 * machine never fails it; the bench measures the real figure.
 */
const GENEROUS_CAP_MS = 1000

const HUGE = 'x'.repeat(1_000_000)

describe('the "did you mean" search does bounded work', () => {
  it('stops measuring two names once they are further apart than the limit', () => {
    // Lengths too far apart: known without comparing a character.
    expect(editDistance(HUGE, 'asset_snapshot', 3)).toBe(4)
    // Same length, nothing in common: the first rows past the limit end it.
    expect(editDistance('a'.repeat(5000), 'b'.repeat(5000), 3)).toBe(4)
    // Within the limit, the distance itself.
    expect(editDistance('assetSnapshott', 'assetSnapshot', 3)).toBe(1)
  })

  it('suggests nothing for a name longer than any operation, without searching', () => {
    const candidates: Iterable<string> = {
      [Symbol.iterator]: () => ({
        next: () => {
          throw new Error('the candidates were searched')
        },
      }),
    }
    expect(closestNames('y'.repeat(MAX_SUGGESTED_NAME_LENGTH + 1), candidates)).toEqual([])
    expect(closestNames('assetSnapshott', ['assetSnapshot', 'asset_snapshot'])).toEqual([
      'assetSnapshot',
      'asset_snapshot',
    ])
  })

  it('refuses a million-character operation in POST /__mock/faults with a short 400, and adds nothing', async () => {
    const service = createMockService()
    const started = performance.now()
    const answer = await send(service, 'POST', '/__mock/faults', JSON.stringify({ operation: HUGE, status: 500 }))
    expect(performance.now() - started).toBeLessThan(GENEROUS_CAP_MS)
    expect(statusOf(answer)).toBe(400)
    expect(textOf(answer)).toMatch(/"x{40}…" \(1000000 characters\) is not an operation of the mock\./)
    expect(textOf(answer).length).toBeLessThan(1000)
    expect(service.faults.list()).toEqual([])
  })

  it('refuses a million-character operation or stream in POST /__mock/verify with a short 400', async () => {
    const service = createMockService()
    const started = performance.now()
    const operation = await send(service, 'POST', '/__mock/verify', JSON.stringify({ operation: HUGE }))
    const stream = await send(service, 'POST', '/__mock/verify', JSON.stringify({ stream: HUGE }))
    expect(performance.now() - started).toBeLessThan(GENEROUS_CAP_MS)
    for (const answer of [operation, stream]) {
      expect(statusOf(answer)).toBe(400)
      expect(textOf(answer)).toContain('(1000000 characters)')
      expect(textOf(answer).length).toBeLessThan(1000)
    }
  })

  it('refuses a long ?operation= on the journal at once, many times over', async () => {
    const service = createMockService()
    const target = `/__mock/journal?operation=${'q'.repeat(15_000)}`
    const started = performance.now()
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(service, 'GET', target)))
    expect(performance.now() - started).toBeLessThan(GENEROUS_CAP_MS)
    expect(answers.map(statusOf)).toEqual(Array.from({ length: 20 }, () => 400))
  })

  it('refuses a million-character stream fault with a short 400', async () => {
    const service = createMockService()
    const answer = await send(service, 'POST', '/__mock/faults', JSON.stringify({ stream: HUGE, drop: true }))
    expect(statusOf(answer)).toBe(400)
    expect(textOf(answer).length).toBeLessThan(1000)
    expect(service.faults.list()).toEqual([])
  })
})

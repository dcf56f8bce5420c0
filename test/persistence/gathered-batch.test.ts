import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { gather, newBatch, type CommitBatch } from '../../src/persistence/file/group-commit.js'

/** A request joining the batch, as the durable store's subscriber does it. */
function join(batch: CommitBatch): void {
  batch.writes.push([])
  batch.requests++
  batch.joined?.()
}

describe('a group commit gathering its writers', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('waits for the writers of the flush before it, so a steady set of writers shares one fsync', async () => {
    const batch = newBatch()
    join(batch)
    let gone = false
    void gather(batch, 3, 5)?.then(() => (gone = true))
    join(batch)
    await Promise.resolve()
    expect(gone).toBe(false)
    join(batch)
    await Promise.resolve()
    expect(gone).toBe(true)
  })

  it('goes without the missing writers once it has waited as long as the last flush took', async () => {
    const batch = newBatch()
    join(batch)
    let gone = false
    void gather(batch, 10, 4)?.then(() => (gone = true))
    await vi.advanceTimersByTimeAsync(3)
    expect(gone).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(gone).toBe(true)
  })

  it('never waits longer than 10 ms, however long the last flush took', async () => {
    const batch = newBatch()
    join(batch)
    let gone = false
    void gather(batch, 10, 500)?.then(() => (gone = true))
    await vi.advanceTimersByTimeAsync(10)
    expect(gone).toBe(true)
  })

  it('lets a lone writer and a replacement of every record go at once', () => {
    const lone = newBatch()
    join(lone)
    expect(gather(lone, 1, 5)).toBeUndefined()
    const reset = newBatch()
    reset.writes.push('replace')
    expect(gather(reset, 8, 5)).toBeUndefined()
  })
})

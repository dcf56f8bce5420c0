import { describe, expect, it, vi } from 'vitest'
import { fixedClock } from '../../src/store/clock-and-ids/clock.js'
import { createStore } from '../../src/store/create-store.js'

const at = '2024-05-01T12:00:00.000Z'

/** An activity of `asset`, as the store keeps one. */
const activity = (id: string, asset: string) =>
  ({
    id,
    asset,
    event: { asset: { asset: { id: asset }, identifier_description_pair: { asset_viewed: 'an_asset_was_viewed' } } },
    mechanism: 'AUTOMATIC',
    created: at,
    updated: at,
  }) as never

describe("the records that point at a record, read through the store's index", () => {
  it('are the activities of one asset in the order they were stored, without reading every activity', async () => {
    const store = createStore({ clock: fixedClock(at) })
    await store.write((tx) => {
      for (const [id, asset] of [
        ['a1', 'A'],
        ['b1', 'B'],
        ['a2', 'A'],
        ['b2', 'B'],
        ['a3', 'A'],
      ] as const)
        tx.insert('activity', activity(id, asset))
    })
    const all = vi.spyOn(store, 'all')
    expect(store.pointingAt('activity', 'asset', 'A').map((record) => record.id)).toEqual(['a1', 'a2', 'a3'])
    expect(all).not.toHaveBeenCalled()

    await store.write((tx) => {
      tx.remove('activity', 'a2')
      tx.insert('activity', activity('a4', 'A'))
    })
    expect(store.pointingAt('activity', 'asset', 'A').map((record) => record.id)).toEqual(['a1', 'a3', 'a4'])
    expect(store.pointingAt('activity', 'asset', 'B').map((record) => record.id)).toEqual(['b1', 'b2'])
    expect(store.pointingAt('activity', 'asset', 'nobody')).toEqual([])
  })

  it('follow a replacement of every record and an undone write', async () => {
    const store = createStore({ clock: fixedClock(at) })
    await store.replaceAll({ activity: [activity('x1', 'X'), activity('y1', 'Y')] })
    expect(store.pointingAt('activity', 'asset', 'X').map((record) => record.id)).toEqual(['x1'])
    let changes: never[] = []
    store.subscribe((event) => {
      if (event.type === 'write') changes = event.changes as never[]
    })
    await store.write((tx) => tx.remove('activity', 'x1'))
    expect(store.pointingAt('activity', 'asset', 'X')).toEqual([])
    store.undo(changes)
    expect(store.pointingAt('activity', 'asset', 'X').map((record) => record.id)).toEqual(['x1'])
  })
})

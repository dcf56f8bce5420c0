import { describe, expect, it } from 'vitest'
import { createStore, type RecordChange, type StoreEvent } from '../../src/store/create-store.js'

const at = '2024-05-01T12:00:00.000Z'

describe('taking back writes that could not be made durable', () => {
  it('brings every record back as it was, newest write first, without tombstones for records it removes', async () => {
    const store = createStore()
    await store.write((tx) => tx.insert('tag', { id: 'kept', text: 'react', created: at, updated: at }))
    await store.write((tx) => tx.insert('tag', { id: 'doomed', text: 'vue', created: at, updated: at }))
    const before = store.snapshot()
    const heard: StoreEvent[] = []
    store.subscribe((event) => heard.push(event))
    const writes: Array<readonly RecordChange[]> = []
    const stop = store.subscribe((event) => event.type === 'write' && writes.push(event.changes))
    await store.write((tx) => tx.insert('tag', { id: 'new', text: 'svelte', created: at, updated: at }))
    await store.write((tx) => tx.update('tag', 'kept', (draft) => void (draft.text = 'changed')))
    await store.write((tx) => tx.update('tag', 'new', (draft) => void (draft.text = 'changed too')))
    await store.write((tx) => tx.remove('tag', 'doomed'))
    stop()

    store.undo(writes.flat().reverse())

    expect(store.snapshot().records.tag?.map((tag) => [tag.id, tag.text])).toEqual(
      expect.arrayContaining(before.records.tag!.map((tag) => [tag.id, tag.text])),
    )
    expect(store.count('tag')).toBe(2)
    expect(store.get('tag', 'new')).toBeUndefined()
    expect(store.isGone('tag', 'new')).toBe(false)
    expect(store.isGone('tag', 'doomed')).toBe(false)
    expect(store.get('tag', 'kept')?.text).toBe('react')
    // Listeners (streams, caches) hear the undo as one more write.
    expect(heard.at(-1)).toEqual({
      type: 'write',
      changes: expect.arrayContaining([
        expect.objectContaining({ id: 'new', type: 'deleted' }),
        expect.objectContaining({ id: 'doomed', type: 'created' }),
        expect.objectContaining({ id: 'kept', type: 'updated' }),
      ]),
    })
  })
})

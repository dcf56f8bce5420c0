import { describe, expect, it } from 'vitest'
import { createDeletionLog } from '../../src/control/inspection/deletion-log.js'
import { createStore } from '../../src/store/create-store.js'
import { fixedClock } from '../../src/store/clock-and-ids/clock.js'

const at = '2024-05-01T12:00:00.000Z'

/** A conversation record named `name`. */
const conversation = (id: string, name: string) => ({ id, type: 'COPILOT', name, created: at, updated: at }) as never

describe('the deletion log', () => {
  it('remembers what a deleted record was read by and when it went', async () => {
    const store = createStore({ clock: fixedClock(at) })
    const deletions = createDeletionLog(store, () => new Date(at))
    await store.write((tx) => tx.insert('conversation', conversation('c1', 'Release notes')))
    expect(deletions.of('conversation', 'c1')).toBeUndefined()
    await store.write((tx) => tx.remove('conversation', 'c1'))
    expect(deletions.of('conversation', 'c1')).toEqual({ label: 'Release notes', at })
    expect(deletions.of('asset', 'c1')).toBeUndefined()
  })

  it('forgets the oldest deletions past its limit', async () => {
    const store = createStore({ clock: fixedClock(at) })
    const deletions = createDeletionLog(store, () => new Date(at), 2)
    for (const id of ['c1', 'c2', 'c3']) {
      await store.write((tx) => tx.insert('conversation', conversation(id, `named ${id}`)))
      await store.write((tx) => tx.remove('conversation', id))
    }
    expect(deletions.of('conversation', 'c1')).toBeUndefined()
    expect(deletions.of('conversation', 'c2')?.label).toBe('named c2')
    expect(deletions.of('conversation', 'c3')?.label).toBe('named c3')
  })
})
